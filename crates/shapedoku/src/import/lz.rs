//! LZ-string's base64 form, as f-puzzles and SudokuPad write their payloads, decoded with a cap
//! on the output: a few kilobytes of crafted input can otherwise ask for gigabytes (each code
//! may name a dictionary entry one character longer than the last), and a link is untrusted
//! input. The encoder the tests use is the `lz-str` crate's, so the two are checked against
//! each other.

/// The base64 alphabet of LZ-string. SudokuPad writes `\` where LZ-string pads with `=`; both
/// are padding and never carry bits.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a payload could not be decompressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Undecodable {
    /// It is not LZ-string's base64 form (or not valid in it).
    NotLz,
    /// It would decode to more than the cap.
    TooLarge,
}

/// The text `input` (LZ-string `compressToBase64` output) stands for, or why not: it is not
/// such a payload, or it would decode to more than `max_chars` UTF-16 units (found while
/// decoding, before the units past the cap are written).
pub(super) fn decompress_base64(input: &str, max_chars: usize) -> Result<String, Undecodable> {
    let values: Vec<u8> = input
        .bytes()
        .filter(|&b| b != b'=' && b != b'\\')
        // A URL may turn `+` into a space.
        .map(|b| if b == b' ' { b'+' } else { b })
        .map(|b| ALPHABET.iter().position(|&a| a == b).map(|p| p as u8))
        .collect::<Option<_>>()
        .ok_or(Undecodable::NotLz)?;
    if values.is_empty() {
        return Err(Undecodable::NotLz);
    }
    let units = decompress(&values, max_chars)?;
    String::from_utf16(&units).map_err(|_| Undecodable::NotLz)
}

/// Reads bits, lowest first within each code, from 6-bit values taken highest bit first.
struct Bits<'a> {
    values: &'a [u8],
    index: usize,
    mask: u8,
}

impl Bits<'_> {
    fn read(&mut self, n: u32) -> Option<u32> {
        let mut out = 0u32;
        for i in 0..n {
            let v = *self.values.get(self.index)?;
            if v & self.mask != 0 {
                out |= 1 << i;
            }
            self.mask >>= 1;
            if self.mask == 0 {
                self.mask = 32;
                self.index += 1;
            }
        }
        Some(out)
    }
}

/// LZ-string's decoder: codes 0 and 1 bring a new 8- or 16-bit character, 2 ends the text,
/// higher codes name dictionary entries.
///
/// Every dictionary entry is a run of the output (a new character is written out as soon as
/// it is added, and an entry made from the last piece and the next one's first character runs
/// on into that piece), so an entry is kept as where it starts in the output and how long it
/// is: eight bytes, whatever its length. Memory is then proportional to the output, which is
/// capped, not to the square of it.
fn decompress(values: &[u8], max_chars: usize) -> Result<Vec<u16>, Undecodable> {
    use Undecodable::{NotLz, TooLarge};
    let mut bits = Bits {
        values,
        index: 0,
        mask: 32,
    };
    // Codes 0, 1 and 2 are not entries; their slots are never read.
    let mut dict: Vec<Entry> = vec![Entry::default(); 3];
    let (mut enlarge_in, mut num_bits) = (4u32, 3u32);
    let first = match bits.read(2).ok_or(NotLz)? {
        0 => bits.read(8).ok_or(NotLz)? as u16,
        1 => bits.read(16).ok_or(NotLz)? as u16,
        _ => return Ok(Vec::new()),
    };
    let mut out = vec![first];
    dict.push(Entry { start: 0, len: 1 });
    // The piece written last.
    let mut w = Entry { start: 0, len: 1 };
    loop {
        let c = bits.read(num_bits).ok_or(NotLz)? as usize;
        let at = out.len() as u32;
        let entry = match c {
            0 | 1 => {
                let ch = bits.read(if c == 0 { 8 } else { 16 }).ok_or(NotLz)? as u16;
                if out.len() >= max_chars {
                    return Err(TooLarge);
                }
                // Written out at once: the new entry is this run of the output.
                out.push(ch);
                let e = Entry { start: at, len: 1 };
                dict.push(e);
                enlarge_in -= 1;
                if enlarge_in == 0 {
                    enlarge_in = 1 << num_bits;
                    num_bits += 1;
                }
                e
            }
            2 => return Ok(out),
            _ if c < dict.len() => {
                let e = dict[c];
                if out.len() + e.len as usize > max_chars {
                    return Err(TooLarge);
                }
                out.extend_from_within(e.range());
                Entry {
                    start: at,
                    len: e.len,
                }
            }
            _ if c == dict.len() => {
                // The entry about to be made: the last piece and its own first character.
                if out.len() + w.len as usize + 1 > max_chars {
                    return Err(TooLarge);
                }
                out.extend_from_within(w.range());
                out.push(out[w.start as usize]);
                Entry {
                    start: at,
                    len: w.len + 1,
                }
            }
            _ => return Err(NotLz),
        };
        if num_bits > 24 {
            return Err(NotLz);
        }
        // The last piece and the first character of this one: contiguous in the output.
        dict.push(Entry {
            start: w.start,
            len: w.len + 1,
        });
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
    }
}

/// A dictionary entry: a run of the output.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    start: u32,
    len: u32,
}

impl Entry {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_what_lz_str_encodes() {
        for text in [
            "a",
            "{\"size\":9,\"grid\":[]}",
            "abababababababababababab",
            "über ünïcödé 数独 and 🙂",
            &"x".repeat(5000),
        ] {
            let packed = lz_str::compress_to_base64(text);
            assert_eq!(decompress_base64(&packed, 1 << 20).as_deref(), Ok(text));
        }
    }

    #[test]
    fn refuses_garbage_and_output_past_the_cap() {
        assert_eq!(decompress_base64("", 100), Err(Undecodable::NotLz));
        assert_eq!(
            decompress_base64("not base64 !", 100),
            Err(Undecodable::NotLz)
        );
        let packed = lz_str::compress_to_base64(&"y".repeat(10_000));
        assert!(packed.len() < 1000);
        assert_eq!(
            decompress_base64(&packed, 9_999),
            Err(Undecodable::TooLarge)
        );
        assert!(decompress_base64(&packed, 10_000).is_ok());
    }
}
