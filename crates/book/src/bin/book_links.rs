//! `book-links DIR`: checks the links of the book built in `DIR`
//! (`mdbook build book` writes it to `book/build`): prints each broken
//! link, `page: link (what is missing)`, and exits 1 when there is one;
//! 2 when the directory cannot be read.

use std::path::PathBuf;
use std::process::ExitCode;

use drawrules_book::links::broken_links;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = args.as_slice() else {
        eprintln!("usage: book-links DIR (the built book, e.g. book/build)");
        return ExitCode::from(2);
    };
    let dir = PathBuf::from(dir);
    match broken_links(&dir) {
        Ok(broken) if broken.is_empty() => {
            println!(
                "{}: every link leads to a page and an element of it",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Ok(broken) => {
            for link in &broken {
                println!("{link}");
            }
            eprintln!("error: {} broken links in {}", broken.len(), dir.display());
            ExitCode::FAILURE
        }
        Err(err) => {
            eprintln!("error: {}: {err}", dir.display());
            ExitCode::from(2)
        }
    }
}
