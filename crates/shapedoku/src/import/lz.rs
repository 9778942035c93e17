//! LZ-string's base64 form, as f-puzzles and SudokuPad write their payloads, decoded with a cap
//! on the output: a few kilobytes of crafted input can otherwise ask for gigabytes (each code
//! may name a dictionary entry one character longer than the last), and a link is untrusted
//! input. The encoder the tests use is the `lz-str` crate's, so the two are checked against
//! each other.

/// The base64 alphabet of LZ-string. SudokuPad writes `\` where LZ-string pads with `=`; both
/// are padding and never carry bits.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The text `input` (LZ-string `compressToBase64` output) stands for, or `None` when it is not
/// such a payload or would decode to more than `max_chars` UTF-16 units.
pub(super) fn decompress_base64(input: &str, max_chars: usize) -> Option<String> {
    let values: Vec<u8> = input
        .bytes()
        .filter(|&b| b != b'=' && b != b'\\')
        // A URL may turn `+` into a space.
        .map(|b| if b == b' ' { b'+' } else { b })
        .map(|b| ALPHABET.iter().position(|&a| a == b).map(|p| p as u8))
        .collect::<Option<_>>()?;
    if values.is_empty() {
        return None;
    }
    let units = decompress(&values, max_chars)?;
    String::from_utf16(&units).ok()
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
fn decompress(values: &[u8], max_chars: usize) -> Option<Vec<u16>> {
    let mut bits = Bits {
        values,
        index: 0,
        mask: 32,
    };
    let mut dict: Vec<Vec<u16>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let (mut enlarge_in, mut num_bits) = (4u32, 3u32);
    let first = match bits.read(2)? {
        0 => bits.read(8)? as u16,
        1 => bits.read(16)? as u16,
        _ => return Some(Vec::new()),
    };
    let mut w = vec![first];
    dict.push(w.clone());
    let mut out = w.clone();
    loop {
        let mut c = bits.read(num_bits)? as usize;
        match c {
            0 | 1 => {
                let ch = bits.read(if c == 0 { 8 } else { 16 })? as u16;
                dict.push(vec![ch]);
                c = dict.len() - 1;
                enlarge_in -= 1;
            }
            2 => return Some(out),
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let entry = if c < dict.len() && !dict[c].is_empty() {
            dict[c].clone()
        } else if c == dict.len() {
            let mut e = w.clone();
            e.push(w[0]);
            e
        } else {
            return None;
        };
        if out.len() + entry.len() > max_chars || num_bits > 24 {
            return None;
        }
        out.extend_from_slice(&entry);
        let mut next = w;
        next.push(entry[0]);
        dict.push(next);
        enlarge_in -= 1;
        w = entry;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
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
            assert_eq!(decompress_base64(&packed, 1 << 20).as_deref(), Some(text));
        }
    }

    #[test]
    fn refuses_garbage_and_output_past_the_cap() {
        assert_eq!(decompress_base64("", 100), None);
        assert_eq!(decompress_base64("not base64 !", 100), None);
        let packed = lz_str::compress_to_base64(&"y".repeat(10_000));
        assert!(packed.len() < 1000);
        assert_eq!(decompress_base64(&packed, 9_999), None);
        assert!(decompress_base64(&packed, 10_000).is_some());
    }
}
