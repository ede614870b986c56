//! Shape comments checked after a cell: each `# expr: [dims]` must hold by size and by the names dataflow
//! proved for the tensor's axes.

use super::{CellOutcome, Kernel, ShapeCheck};
use crate::interp::Value;
use crate::lesson::model::{Cell, DimRef, Lang, ShapeComment};
use crate::tensor::sym::Sym;

impl Kernel {
    pub(super) fn check_shapes(&mut self, cell: &Cell, outcome: &mut CellOutcome) {
        let checks = self.shape_checks(&cell.shape_comments);
        outcome.shape_checks.extend(checks);
    }

    /// Evaluates each shape comment against the namespace: sizes and proven names.
    pub(super) fn shape_checks(&mut self, comments: &[ShapeComment]) -> Vec<ShapeCheck> {
        let ko = self.lesson.lang == Lang::Ko;
        let mut checks = Vec::new();
        for sc in comments {
            let mut expected_sizes = Vec::new();
            let mut expected_syms = Vec::new();
            let mut problem = None;
            for d in &sc.dims {
                match d {
                    DimRef::Size(s) => {
                        expected_sizes.push(*s);
                        expected_syms.push(Sym::constant(*s as i64));
                    }
                    DimRef::Name(n) => {
                        match (self.dims.iter().find(|(k, _)| k == n), self.dim_sym(n)) {
                            (Some((_, v)), Some(sym)) => {
                                expected_sizes.push(*v as usize);
                                expected_syms.push(sym.clone());
                            }
                            _ => problem = Some(format!("`{n}` is not one of the lesson's dims")),
                        }
                    }
                }
            }
            let expected = format!(
                "[{}]",
                sc.dims
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let (actual, ok, message) = match (problem, self.eval_expr(&sc.expr)) {
                (Some(p), _) => (None, false, Some(p)),
                (None, Ok(Value::Tensor(t))) => {
                    let named = self.named_shape(&t);
                    let sizes_ok = t.shape() == expected_sizes.as_slice();
                    // Checked by name as well: a proven axis must be the dim the comment names, even
                    // where two dims have the same size (`[bs, sl, n_heads, head_dim]` against
                    // `[bs, n_heads, sl, head_dim]` at sl = n_heads).
                    let names_ok = sizes_ok
                        && (0..t.ndim()).all(|i| match t.axis(i) {
                            Some(a) if a.as_constant().is_none() && !a.is_opaque() => {
                                a == expected_syms[i]
                            }
                            _ => true,
                        });
                    let x = &sc.expr;
                    let msg = match (sizes_ok, names_ok, ko) {
                        (false, _, false) => Some(format!(
                            "`{x}` has shape {named}, the comment says {expected}"
                        )),
                        (false, _, true) => Some(format!(
                            "`{x}`의 모양은 {named}인데 주석은 {expected}입니다"
                        )),
                        (true, false, false) => Some(format!(
                            "`{x}` is {named}: its sizes match the comment {expected}, but its dims are others"
                        )),
                        (true, false, true) => Some(format!(
                            "`{x}`은(는) {named}입니다: 크기는 주석 {expected}와 같지만 차원이 다릅니다"
                        )),
                        (true, true, _) => None,
                    };
                    (Some(named), sizes_ok && names_ok, msg)
                }
                (None, Ok(other)) => {
                    let kind = other.type_name();
                    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                        "an"
                    } else {
                        "a"
                    };
                    let said = if ko {
                        format!("`{}`은(는) 텐서가 아니라 {kind}입니다", sc.expr)
                    } else {
                        format!("`{}` is {article} {kind}, not a tensor", sc.expr)
                    };
                    (None, false, Some(said))
                }
                (None, Err(e)) => {
                    let said = if ko {
                        format!("`{}`을(를) 계산할 수 없습니다: {e}", sc.expr)
                    } else {
                        format!("cannot evaluate `{}`: {e}", sc.expr)
                    };
                    (None, false, Some(said))
                }
            };
            checks.push(ShapeCheck {
                expr: sc.expr.clone(),
                expected,
                actual,
                ok,
                line: sc.line,
                message,
            });
        }
        checks
    }
}
