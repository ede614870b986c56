//! `torch.get_rng_state()` / `torch.set_rng_state(state)`: the generator as the 5,056 bytes of ATen's
//! `CPUGeneratorImplState` (`CPUGeneratorImpl.cpp`): the legacy POD (seed, `left`, `seeded`, `next`,
//! the 624 mt19937 words widened to 64 bits, the cached double normal) and the float normal cache,
//! little-endian, padding zeroed. PyTorch 2.15 no longer reads the 5,048-byte legacy form. The float normal cache is not modelled (no engine kernel fills it), so
//! it is written invalid and read past.

use super::{Generator, MT_N};

/// `sizeof(CPUGeneratorImplState)`.
pub const STATE_SIZE: usize = 5056;

const STATE_AT: usize = 24;
/// After the state: `normal_x`, `normal_y`, `normal_rho` (doubles), then `normal_is_valid`.
const NORMAL_Y_AT: usize = STATE_AT + 8 * MT_N + 8;
const NORMAL_VALID_AT: usize = NORMAL_Y_AT + 16;

fn read<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&bytes[at..at + N]);
    out
}

impl Generator {
    /// `mt19937`'s `left_` and `next_` as ATen keeps them: freshly seeded, `left_ = 1, next_ = 0`;
    /// after `k` draws of a block, `next_ = k` and `left_ = 625 - k`.
    fn left_and_next(&self) -> (i32, u32) {
        if self.fresh {
            (1, 0)
        } else {
            (625 - self.next as i32, self.next as u32)
        }
    }

    /// `get_state()`: the bytes of a `CPUGeneratorImplState`.
    pub fn state_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; STATE_SIZE];
        let (left, next) = self.left_and_next();
        out[0..8].copy_from_slice(&self.seed.to_le_bytes());
        out[8..12].copy_from_slice(&left.to_le_bytes());
        out[12..16].copy_from_slice(&1i32.to_le_bytes());
        out[16..24].copy_from_slice(&u64::from(next).to_le_bytes());
        for (i, word) in self.state.iter().enumerate() {
            let at = STATE_AT + 8 * i;
            out[at..at + 8].copy_from_slice(&u64::from(*word).to_le_bytes());
        }
        if let Some(y) = self.next_double_normal {
            out[NORMAL_Y_AT..NORMAL_Y_AT + 8].copy_from_slice(&y.to_le_bytes());
            out[NORMAL_VALID_AT..NORMAL_VALID_AT + 4].copy_from_slice(&1i32.to_le_bytes());
        }
        out
    }

    /// `set_state(bytes)`: a `CPUGeneratorImplState`; ATen's message otherwise.
    pub fn set_state_bytes(&mut self, bytes: &[u8]) -> Result<(), String> {
        if bytes.len() != STATE_SIZE {
            return Err(format!(
                "Expected a CPUGeneratorImplState of size {STATE_SIZE} but found the input RNG state size to be {}",
                bytes.len()
            ));
        }
        let seed = u64::from_le_bytes(read(bytes, 0));
        let left = i32::from_le_bytes(read(bytes, 8));
        let seeded = bytes[12] != 0;
        let next = u64::from_le_bytes(read(bytes, 16)) as u32;
        if !(seeded && left > 0 && left as usize <= MT_N && next as usize <= MT_N) {
            return Err("Invalid mt19937 state".into());
        }
        let valid = i32::from_le_bytes(read(bytes, NORMAL_VALID_AT)) != 0;
        let double_normal = valid.then(|| f64::from_le_bytes(read(bytes, NORMAL_Y_AT)));
        for (i, word) in self.state.iter_mut().enumerate() {
            *word = u64::from_le_bytes(read(bytes, STATE_AT + 8 * i)) as u32;
        }
        self.seed = seed;
        // The next draw regenerates the block when `left_` is 1, else reads word `next_`.
        self.next = if left <= 1 { MT_N } else { next as usize };
        self.fresh = left == 1 && next == 0;
        self.next_double_normal = double_normal;
        Ok(())
    }
}
