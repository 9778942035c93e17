//! Sets of small non-negative integers (the sums a part of a sum can reach, measured from its
//! least) as bit sets over a few machine words, with the shifts that add a constant to every
//! member. The sum propagator keeps them in its scratch space, one slice of `w` words each.

/// Whether `i` is in `set`.
#[inline]
pub(super) fn has(set: &[u64], i: usize) -> bool {
    set.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
}

/// Adds `i` to `set` (ignored past its end).
#[inline]
pub(super) fn add(set: &mut [u64], i: usize) {
    if let Some(w) = set.get_mut(i / 64) {
        *w |= 1 << (i % 64);
    }
}

/// Whether the set is empty.
#[inline]
pub(super) fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|&w| w == 0)
}

/// `dst |= src << by`: every member of `src` plus `by`, cut at the end of `dst`.
#[inline]
pub(super) fn or_shl(dst: &mut [u64], src: &[u64], by: usize) {
    let (words, bits) = (by / 64, by % 64);
    let n = dst.len();
    for i in (words..n).rev() {
        let j = i - words;
        let mut w = src.get(j).copied().unwrap_or(0) << bits;
        if bits != 0 && j > 0 {
            w |= src.get(j - 1).copied().unwrap_or(0) >> (64 - bits);
        }
        dst[i] |= w;
    }
}

/// `dst |= src >> by`: every member of `src` of at least `by`, less `by`.
#[inline]
pub(super) fn or_shr(dst: &mut [u64], src: &[u64], by: usize) {
    let (words, bits) = (by / 64, by % 64);
    for (i, d) in dst.iter_mut().enumerate() {
        let j = i + words;
        let Some(&lo) = src.get(j) else { break };
        let mut w = lo >> bits;
        if bits != 0 {
            w |= src.get(j + 1).copied().unwrap_or(0) << (64 - bits);
        }
        *d |= w;
    }
}

/// Whether `(a << by) & b` has a member.
#[inline]
pub(super) fn meets_shl(a: &[u64], by: usize, b: &[u64]) -> bool {
    let (words, bits) = (by / 64, by % 64);
    (words..b.len()).any(|i| {
        let j = i - words;
        let mut w = a.get(j).copied().unwrap_or(0) << bits;
        if bits != 0 && j > 0 {
            w |= a.get(j - 1).copied().unwrap_or(0) >> (64 - bits);
        }
        w & b[i] != 0
    })
}

/// The members of `set`, smallest first.
pub(super) fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + b
            })
        })
    })
}

/// How many words hold the integers `0..=width`.
#[inline]
pub(super) fn words_for(width: usize) -> usize {
    width / 64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(members: &[usize], words: usize) -> Vec<u64> {
        let mut s = vec![0; words];
        for &m in members {
            add(&mut s, m);
        }
        s
    }

    #[test]
    fn shifts_cross_words_both_ways() {
        let a = set(&[0, 5, 63, 64, 100], 3);
        let mut up = vec![0; 3];
        or_shl(&mut up, &a, 70);
        assert_eq!(
            members(&up).collect::<Vec<_>>(),
            vec![70, 75, 133, 134, 170]
        );
        let mut down = vec![0; 3];
        or_shr(&mut down, &up, 70);
        assert_eq!(members(&down).collect::<Vec<_>>(), vec![0, 5, 63, 64, 100]);
        let mut cut = vec![0; 1];
        or_shl(&mut cut, &a, 1);
        assert_eq!(members(&cut).collect::<Vec<_>>(), vec![1, 6]);
        assert!(meets_shl(&a, 70, &set(&[133], 3)));
        assert!(!meets_shl(&a, 70, &set(&[132, 134 + 64], 4)));
        assert!(has(&a, 64) && !has(&a, 65) && !has(&a, 1000));
    }
}
