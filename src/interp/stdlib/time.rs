//! `time`: clocks only.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::Positional;
use super::super::builtins::Def;
use super::super::error::{ExcKind, PyResult, exc};
use super::super::value::Value;

pub(super) static DEFS: [Def; 3] = [
    Def::new("time.perf_counter()", Positional, perf_counter),
    Def::new("time.time()", Positional, time),
    Def::new("time.process_time()", Positional, process_time),
];

fn perf_counter(_: &mut Interpreter, _: Bound) -> PyResult<Value> {
    static START: OnceLock<Instant> = OnceLock::new();
    Ok(Value::Float(
        START.get_or_init(Instant::now).elapsed().as_secs_f64(),
    ))
}

fn time(_: &mut Interpreter, _: Bound) -> PyResult<Value> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    Ok(Value::Float(now.as_secs_f64()))
}

/// `time.process_time()`: CPU seconds used by the process (all threads), which a busy machine disturbs
/// far less than the wall clock.
fn process_time(_: &mut Interpreter, _: Bound) -> PyResult<Value> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Err(exc(ExcKind::OSError, "process_time is not available"));
    }
    Ok(Value::Float(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9))
}
