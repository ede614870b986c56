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
use super::stmt::ScopeRef;
use super::value::Value;

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

/// An operand of the expression that failed, with its shape where it was a tensor.
#[derive(Debug, Clone)]
pub struct FailedOperand {
    pub text: String,
    pub shape: Option<(Vec<usize>, Axes)>,
}

/// The innermost call or operator that raised, and its operands (for explaining shape errors).
#[derive(Debug, Clone)]
pub struct Failure {
    pub text: String,
    /// The method or function called (`view`, `masked_fill`, `fc_q`), or the operator (`@`, `+`).
    pub op: String,
    /// Whether `op` was called as a method (its receiver is the first operand).
    pub method: bool,
    pub operands: Vec<FailedOperand>,
}

/// Sub-expressions noted while recording, in the order first evaluated.
#[derive(Default)]
pub struct Recorder {
    pub entries: Vec<SubExpr>,
    pub failure: Option<Failure>,
    seen: FxHashMap<(usize, u32, u32), usize>,
}

/// At most this many positions are noted per recording (a cell that generates code does not grow it).
const MAX_ENTRIES: usize = 4096;

impl Interpreter {
    /// Starts noting tensor-valued sub-expressions (see [`Recorder`]).
    pub fn start_recording(&mut self) {
        self.recorder = Some(Box::default());
    }

    /// Stops recording and returns what was noted: the sub-expressions, and the innermost call or operator
    /// that raised (if one did).
    pub fn take_recording(&mut self) -> (Vec<SubExpr>, Option<Failure>) {
        self.recorder
            .take()
            .map(|r| (r.entries, r.failure))
            .unwrap_or_default()
    }

    /// Notes the innermost call or operator that raised, with the shapes of its operands: a name's
    /// current value, or a sub-expression's noted shape (nothing is evaluated again).
    #[cold]
    pub(super) fn record_failure(&mut self, e: &Expr, scope: &ScopeRef) {
        let Some(ctx) = self.frames.last() else {
            return;
        };
        if self.recorder.as_ref().is_none_or(|r| r.failure.is_some()) {
            return;
        }
        let lines = Rc::clone(&ctx.lines);
        let ptr = Rc::as_ptr(&lines) as *const () as usize;
        let text_of = |x: &Expr| {
            let r = x.range();
            lines
                .text(usize::from(r.start()), usize::from(r.end()))
                .to_string()
        };
        let (op, method, exprs): (String, bool, Vec<&Expr>) = match e {
            Expr::BinOp(b) => (
                super::ops::op_symbol(b.op).to_string(),
                false,
                vec![&b.left, &b.right],
            ),
            Expr::Call(c) => match c.func.as_ref() {
                Expr::Attribute(a) => {
                    let mut v: Vec<&Expr> = vec![&a.value];
                    v.extend(c.args.iter());
                    (a.attr.to_string(), true, v)
                }
                other => (text_of(other), false, c.args.iter().collect()),
            },
            _ => return,
        };
        let mut operands = Vec::with_capacity(exprs.len());
        for x in exprs {
            let shape = match x {
                Expr::Name(n) => match self.lookup(scope, &n.id) {
                    Some(Value::Tensor(t)) => Some((t.shape().to_vec(), t.axes().clone())),
                    _ => None,
                },
                other => {
                    let r = other.range();
                    let key = (ptr, u32::from(r.start()), u32::from(r.end()));
                    self.recorder.as_ref().and_then(|rec| {
                        let i = *rec.seen.get(&key)?;
                        let s = rec.entries.get(i)?;
                        Some((s.shape.clone(), s.axes.clone()))
                    })
                }
            };
            operands.push(FailedOperand {
                text: text_of(x),
                shape,
            });
        }
        let failure = Failure {
            text: text_of(e),
            op,
            method,
            operands,
        };
        if let Some(rec) = self.recorder.as_mut() {
            rec.failure = Some(failure);
        }
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
