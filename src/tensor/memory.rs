//! The tutor's memory account: how many heap bytes the process holds, and the ceiling a run may not pass.
//!
//! [`Counting`] wraps the real allocator (mimalloc) and counts every allocation and free, so the account
//! is credited back automatically when a tensor, list or string is dropped, whatever made it: the
//! interpreter, an engine kernel on a worker thread, a heatmap copy. Code that is about to make something
//! large asks first with [`reserve`] (a `MemoryError` at the line that asked, nothing allocated); the
//! interpreter also looks at the account on every step with [`check`], which catches growth made of many
//! small pieces (a dict filled in a loop). The ceiling is one of the run's [`Settings`]
//! (`max_bytes`, the `--memory` flag), in force only while a run is.
//!
//! The account is the whole process's heap, not one kernel's: the tutor runs one kernel at a time, and
//! what the process holds is what the ceiling protects the learner's machine from. Counting is cheap: each
//! thread adds small changes up locally and publishes them once they pass [`FLUSH`] bytes, so the account
//! is exact to within `FLUSH` bytes per thread.
//!
//! [`Settings`]: super::settings::Settings

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

use super::error::{Result, TensorError};
use super::settings;

/// Changes smaller than this stay in the thread's own tally until it grows past it.
pub const FLUSH: isize = 256 * 1024;

/// Heap bytes in use, as published by all threads.
static LIVE: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    // No destructor and a const initialiser: safe to touch from inside the allocator, even while a
    // thread is being torn down.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn note(delta: isize) {
    if delta.unsigned_abs() >= FLUSH as usize {
        LIVE.fetch_add(delta, Ordering::Relaxed);
        return;
    }
    let published = PENDING.try_with(|p| {
        let v = p.get() + delta;
        if v.unsigned_abs() >= FLUSH as usize {
            LIVE.fetch_add(v, Ordering::Relaxed);
            p.set(0);
        } else {
            p.set(v);
        }
    });
    if published.is_err() {
        LIVE.fetch_add(delta, Ordering::Relaxed);
    }
}

/// A global allocator that counts what `A` hands out (see the module's documentation).
pub struct Counting<A>(pub A);

// SAFETY: every call is forwarded to `A` unchanged; the wrapper only adds to a counter.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counting<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on to `A` as is.
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            note(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            note(layout.size() as isize);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { self.0.dealloc(ptr, layout) };
        note(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            note(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Heap bytes the process holds now.
pub fn live() -> usize {
    let pending = PENDING.try_with(|p| p.get()).unwrap_or(0);
    (LIVE.load(Ordering::Relaxed) + pending).max(0) as usize
}

/// Asks the account for `bytes` more before they are allocated: fails with [`TensorError::OutOfMemory`]
/// when the run's ceiling would be passed. Outside a run (no ceiling) it always succeeds.
pub fn reserve(bytes: usize) -> Result<()> {
    let limit = settings::active().max_bytes;
    if limit == usize::MAX {
        return Ok(());
    }
    let live = live();
    if live.saturating_add(bytes) > limit {
        return Err(TensorError::OutOfMemory {
            requested: bytes as u128,
            live,
            limit,
        });
    }
    Ok(())
}

/// [`reserve`] for `count` items of `size` bytes each, with the product checked for overflow.
pub fn reserve_items(count: usize, size: usize) -> Result<()> {
    match count.checked_mul(size) {
        Some(bytes) => reserve(bytes),
        None => Err(TensorError::OutOfMemory {
            requested: count as u128 * size as u128,
            live: live(),
            limit: settings::active().max_bytes,
        }),
    }
}

/// Fails when the process already holds more than the run's ceiling (growth made of small pieces).
pub fn check() -> Result<()> {
    reserve(0)
}

/// What [`TensorError::OutOfMemory`] says: the budget, what was asked for and what is in use.
pub fn out_of_memory_message(requested: u128, live: usize, limit: usize) -> String {
    if requested == 0 {
        format!(
            "the tutor's memory budget is {}, and this code holds {} (a larger budget: --memory)",
            human(limit as u128),
            human(live as u128)
        )
    } else {
        format!(
            "the tutor's memory budget is {}: this needs {} more while {} is in use (a larger budget: --memory)",
            human(limit as u128),
            human(requested),
            human(live as u128)
        )
    }
}

/// A byte count for people, in the binary units `--memory` takes: `512 bytes`, `3.2 MiB`, `2.0 GiB`.
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

/// Parses a size as people write it on a command line: `2G`, `512M`, `1.5GiB`, `800MB`, `1000000`
/// (bytes). `K`, `M`, `G`, `T` (with or without `B`/`iB`) are powers of 1024, as in `docker --memory`.
pub fn parse_size(text: &str) -> std::result::Result<usize, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size (write it like 2G, 512M or 800000000)"))?;
    let scale: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return Err(format!("`{text}`: unknown unit (use K, M, G or T)")),
    };
    let bytes = value * scale;
    if !bytes.is_finite() || bytes < 1.0 || bytes >= usize::MAX as f64 {
        return Err(format!("`{text}` is not a usable memory size"));
    }
    Ok(bytes as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::settings::Settings;

    #[test]
    fn a_request_past_the_ceiling_is_refused_before_it_is_made() {
        assert!(reserve(usize::MAX).is_ok(), "no ceiling outside a run");
        // Other tests allocate on other threads meanwhile: the margins are far larger than they use.
        let _s = Settings {
            max_bytes: live() + (256 << 20),
            ..Settings::DEFAULT
        }
        .enter();
        assert!(reserve(10).is_ok());
        assert!(matches!(
            reserve(1 << 30),
            Err(TensorError::OutOfMemory { .. })
        ));
        assert!(reserve_items(usize::MAX, 2).is_err(), "overflow is refused");
        assert!(check().is_ok());
        let held = vec![0u8; 512 << 20];
        assert!(
            matches!(check(), Err(TensorError::OutOfMemory { requested: 0, .. })),
            "holding more than the ceiling is reported"
        );
        drop(held);
        assert!(check().is_ok(), "and freeing it credits the account");
    }

    #[test]
    fn sizes_parse_as_people_write_them() {
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("2X").is_err());
        assert_eq!(human(2_147_483_648), "2.0 GiB");
        assert_eq!(human(1536 * 1024), "1.5 MiB");
        assert_eq!(human(999), "999 bytes");
    }
}
