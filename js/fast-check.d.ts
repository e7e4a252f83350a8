// SPDX-License-Identifier: GPL-3.0-or-later
import type { Arbitrary } from "fast-check";
import type { Edition, GeneratedGame } from "drawrules";

/** The generator reads up to this many bytes. */
export const MAX_BYTES: number;

/** Games steered to `situations` (default: every one) and, with `free`, games played freely. */
export function games(options?: {
  situations?: Iterable<string>;
  free?: boolean;
  chess960?: boolean;
  editions?: Iterable<Edition>;
  minBytes?: number;
}): Arbitrary<GeneratedGame>;
