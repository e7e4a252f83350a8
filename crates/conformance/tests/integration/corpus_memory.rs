//! How much memory reading case files takes, counted by the allocator:
//! the peak of a parse of hostile files at the limits, and the bytes a
//! loaded case holds. Run with
//! `cargo test --release -p drawrules-conformance --test integration -- corpus_memory:: --ignored --nocapture`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write as _;

use drawrules_conformance::corpus::{
    MAX_CASE_BYTES, MAX_FILE_BYTES, MAX_ITEMS, MAX_TABLES, parse_file,
};

/// The system allocator, counting what this thread holds and its peak.
struct Counting;

thread_local! {
    static HELD: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn add(bytes: usize) {
    let _ = HELD.try_with(|held| {
        held.set(held.get() + bytes);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(held.get())));
    });
}

fn sub(bytes: usize) {
    let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(bytes)));
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        sub(layout.size());
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        sub(layout.size());
        add(new_size);
        // SAFETY: as `GlobalAlloc::realloc` requires, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak bytes allocated while `work` runs (above what was held
/// before), and what it left held.
fn measure<T>(work: impl FnOnce() -> T) -> (usize, usize, T) {
    let before = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let value = work();
    let peak = PEAK.with(Cell::get) - before;
    let held = HELD.with(Cell::get).saturating_sub(before);
    (peak, held, value)
}

/// Cases of `MAX_CASE_BYTES` at every limit of the scan: headers 15 deep
/// up to the case's `MAX_TABLES` tables, an array (16 deep, the depth
/// limit) of `MAX_ITEMS` one-digit numbers, then one string to the end of
/// the case, up to `MAX_FILE_BYTES`: the costliest shape for the parser
/// that passes the scan.
fn cases_at_the_limits() -> String {
    // `[case.kN.a. ... .a]`: 15 keys, 15 tables.
    let keys = vec!["a"; 13].join(".");
    let mut text = String::new();
    let mut index = 0;
    loop {
        let mut case = String::from("[[case]]\n");
        let mut tables = 2;
        // Room for the array after the headers.
        while tables + 15 < MAX_TABLES {
            case.push_str(&format!("[case.k{index}.{keys}]\n"));
            index += 1;
            tables += 15;
        }
        case.push_str("v = [");
        case.push_str(&"1,".repeat(MAX_ITEMS));
        case.push_str("]\ns = \"");
        case.push_str(&"x".repeat(MAX_CASE_BYTES - case.len() - 3));
        case.push_str("\"\n");
        if text.len() + case.len() > MAX_FILE_BYTES {
            break;
        }
        text.push_str(&case);
    }
    text
}

/// Headers 15 deep, one after the other, up to `MAX_FILE_BYTES`: the shape
/// that cost most before the limit on tables (108 MB for one case of 256
/// KiB).
fn headers_only() -> String {
    let keys = vec!["a"; 13].join(".");
    let mut text = String::from("[[case]]\n");
    let mut index = 0;
    while text.len() < MAX_FILE_BYTES - 64 {
        text.push_str(&format!("[case.k{index}.{keys}]\n"));
        index += 1;
    }
    text
}

fn generated(count: usize) -> String {
    let mut text = String::new();
    for i in 0..count {
        let _ = write!(
            text,
            "[[case]]\nname = \"case-{i}\"\narticles = [\"9.3.2\"]\nshows = \"generated case {i}\"\n\
             moves = \"g1f3 g8f6\"\nexpect = {{ clock = 2 }}\n\n"
        );
    }
    text
}

#[test]
#[ignore = "measures memory; run by CI"]
fn memory_of_hostile_files_and_of_loaded_cases() {
    let text = cases_at_the_limits();
    let (peak, _, result) = measure(|| parse_file("hostile.toml", &text));
    let err = result.expect_err("not cases of the format");
    // Past the scan: refused by the parser, which built the case's tree.
    assert!(
        err.to_string()
            .contains("hostile.toml:2: unknown field `k0`"),
        "{err}"
    );
    println!(
        "cases at every limit (1,024 tables, 4,096 numbers 16 deep, a string), {} bytes: peak {} bytes ({:.0} times a case)",
        text.len(),
        peak,
        peak as f64 / MAX_CASE_BYTES as f64
    );
    // The parser's tree of one case, never of the file.
    assert!(peak < 24 * MAX_CASE_BYTES, "{peak}");

    let text = headers_only();
    let (peak, _, result) = measure(|| parse_file("headers.toml", &text));
    let err = result.expect_err("too many tables");
    assert!(
        err.to_string()
            .contains("opens more than 1024 tables and arrays"),
        "{err}"
    );
    println!(
        "headers 16 deep, {} bytes: refused by the scan, peak {peak} bytes",
        text.len()
    );
    assert!(peak < 1024 * 1024, "{peak}");

    let deep = format!("[[case]]\n[{}]\n", vec!["a"; 50].join(".")).repeat(30_000);
    assert!(deep.len() < MAX_FILE_BYTES);
    let (peak, _, result) = measure(|| parse_file("deep.toml", &deep));
    assert!(result.is_err());
    println!("headers 50 deep, {} bytes: peak {peak} bytes", deep.len());
    assert!(peak < 1024 * 1024, "{peak}");

    for count in [3_000, 30_000] {
        let text = generated(count);
        let (peak, held, file) = measure(|| parse_file("many.toml", &text).unwrap());
        assert_eq!(file.cases.len(), count);
        println!(
            "{count} cases, {} bytes: peak {peak} bytes, held {held} bytes ({} a case)",
            text.len(),
            held / count
        );
        assert!(held / count < 1_000, "{held}");
        assert!(peak < 2 * held + 1024 * 1024, "{peak} {held}");
    }
}
