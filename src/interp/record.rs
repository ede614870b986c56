//! The shape of every sub-expression: while a [`Recorder`] is switched on, each call, operator, attribute
//! or subscript that evaluates to a tensor is noted with its shape, strides and axes' symbols, once per
//! source position (the first evaluation, with a count of the others), so a lesson can show
//!
//! ```text
//! q = fc_q(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
//!     fc_q(src)               [bs=1, sl=7, hid_dim=8]
//!     .view(bs, -1, ...)      [bs=1, sl=7, n_heads=2, head_dim=4]
//!     .transpose(1, 2)        [bs=1, n_heads=2, sl=7, head_dim=4]
//! ```
//!
//! Off (the default, and always under `exec`), it costs one branch per expression.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use rustpython_parser::ast::{Expr, Ranged};

use crate::tensor::Tensor;
use crate::tensor::sym::Axes;

use super::Interpreter;

/// A tensor-valued sub-expression, as first evaluated.
#[derive(Debug, Clone)]
pub struct SubExpr {
    pub file: Rc<str>,
    /// 1-based line of the statement it belongs to.
    pub stmt_line: usize,
    /// 1-based line where the sub-expression starts.
    pub line: usize,
    /// Its source text (`fc_q(src).view(bs, -1, n_heads, head_dim)`).
    pub text: String,
    /// Where the part this step adds starts in `text` (after the receiver of a method call, attribute or
    /// subscript: `.view(bs, -1, n_heads, head_dim)`); 0 for a whole expression.
    pub step_at: usize,
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
    pub contiguous: bool,
    pub dtype: String,
    pub axes: Axes,
    /// How many times it was evaluated (in a loop, a comprehension or a function called again).
    pub count: u32,
}

/// Sub-expressions noted while recording, in the order first evaluated.
#[derive(Default)]
pub struct Recorder {
    pub entries: Vec<SubExpr>,
    seen: FxHashMap<(usize, u32, u32), usize>,
}

/// At most this many positions are noted per recording (a cell that generates code does not grow it).
const MAX_ENTRIES: usize = 4096;

impl Interpreter {
    /// Starts noting tensor-valued sub-expressions (see [`Recorder`]).
    pub fn start_recording(&mut self) {
        self.recorder = Some(Box::default());
    }

    /// Stops recording and returns what was noted.
    pub fn take_recording(&mut self) -> Vec<SubExpr> {
        self.recorder.take().map(|r| r.entries).unwrap_or_default()
    }

    /// Notes `e`, which evaluated to `t` (called by `eval` only while recording).
    #[cold]
    pub(super) fn record_subexpr(&mut self, e: &Expr, t: &Tensor) {
        let Some(ctx) = self.frames.last() else {
            return;
        };
        let range = e.range();
        let key = (
            Rc::as_ptr(&ctx.lines) as *const () as usize,
            u32::from(range.start()),
            u32::from(range.end()),
        );
        let Some(rec) = self.recorder.as_mut() else {
            return;
        };
        if let Some(&i) = rec.seen.get(&key) {
            if let Some(entry) = rec.entries.get_mut(i) {
                entry.count = entry.count.saturating_add(1);
            }
            return;
        }
        if rec.entries.len() >= MAX_ENTRIES {
            return;
        }
        let start = usize::from(range.start());
        let end = usize::from(range.end());
        let text = ctx.lines.text(start, end).to_string();
        // A step of a chain shows only what it adds (`.transpose(1, 2)`) when the receiver is itself a
        // noted step; a call on a variable or a module shows whole (`q4.transpose(1, 2)`, `torch.randn(..)`).
        let receiver = match e {
            Expr::Call(c) => match c.func.as_ref() {
                Expr::Attribute(a) => Some(a.value.range()),
                _ => None,
            },
            Expr::Attribute(a) => Some(a.value.range()),
            Expr::Subscript(s) => Some(s.value.range()),
            _ => None,
        };
        let step_at = receiver
            .filter(|r| {
                rec.seen
                    .contains_key(&(key.0, u32::from(r.start()), u32::from(r.end())))
            })
            .map(|r| {
                // Past the receiver's closing parentheses: `(weights @ V)` + `.transpose(1, 2)`.
                let mut k = usize::from(r.end()).saturating_sub(start);
                while text
                    .as_bytes()
                    .get(k)
                    .is_some_and(|b| *b == b')' || b.is_ascii_whitespace())
                {
                    k += 1;
                }
                k
            })
            .filter(|&k| k < text.len() && text.is_char_boundary(k))
            .unwrap_or(0);
        let entry = SubExpr {
            file: Rc::clone(&ctx.file),
            stmt_line: ctx.lines.line_of(self.current_offset),
            line: ctx.lines.line_of(start),
            text,
            step_at,
            shape: t.shape().to_vec(),
            strides: t.strides().to_vec(),
            contiguous: t.is_contiguous(),
            dtype: t.dtype().to_string(),
            axes: t.axes().clone(),
            count: 1,
        };
        rec.seen.insert(key, rec.entries.len());
        rec.entries.push(entry);
    }
}
