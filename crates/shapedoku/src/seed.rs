//! Seeds derived from a run's seed: each generated puzzle's, and each random fill's restart,
//! so any one can be reproduced alone. A leaf the generator and the solver both use.

/// The seed of puzzle `index` in a run seeded with `seed`: puzzle 0 uses the run seed itself,
/// so any puzzle can be reproduced alone from the seed printed beside it.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    if index == 0 {
        seed
    } else {
        splitmix64(seed ^ splitmix64(index))
    }
}

/// SplitMix64's mixing step: a well-spread 64-bit value from any input.
pub(crate) fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
