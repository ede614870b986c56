//! Predict-the-shape questions: a `question=scores` cell asks for the shape its shape comment for `scores`
//! names (`# scores: [bs, n_heads, sl, sl]`; a plain `question` asks for the first), at the sizes the
//! lesson runs at. The learner answers with sizes
//! (`1 2 7 7`), dim names (`[bs, n_heads, sl, sl]`) or a mix; brackets, parentheses and commas are optional.

use super::model::{Cell, DimRef, ShapeComment};

/// The shape comment the question of `cell` asks about: the one for its `question=` expression, or the
/// first. `None` when there is no such comment.
pub fn asked(cell: &Cell) -> Option<&ShapeComment> {
    match &cell.asks {
        Some(expr) => cell.shape_comments.iter().find(|c| &c.expr == expr),
        None => cell.shape_comments.first(),
    }
}

/// The sizes the question of `cell` expects at `dims` (the kernel's dims, after any `--set`). `None` when
/// the cell has no shape comment or names a dim the lesson lacks.
pub fn expected(cell: &Cell, dims: &[(String, i64)]) -> Option<Vec<usize>> {
    let comment = asked(cell)?;
    comment
        .dims
        .iter()
        .map(|d| match d {
            DimRef::Size(s) => Some(*s),
            DimRef::Name(n) => size_of(n, dims),
        })
        .collect()
}

/// Reads an answer like `[bs, n_heads, sl, head_dim]`, `(1, 2, 6, 4)` or `1 2 6 4` into sizes, names read
/// at `dims`. `None` when a part is neither a size nor one of the dims.
pub fn parse_answer(text: &str, dims: &[(String, i64)]) -> Option<Vec<usize>> {
    let inner = text
        .trim()
        .trim_start_matches(['[', '('])
        .trim_end_matches([']', ')']);
    inner
        .split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| p.parse::<usize>().ok().or_else(|| size_of(p, dims)))
        .collect()
}

/// Whether `answer` is the shape the question of `cell` expects at `dims`.
pub fn is_right(cell: &Cell, dims: &[(String, i64)], answer: &str) -> bool {
    match (parse_answer(answer, dims), expected(cell, dims)) {
        (Some(given), Some(want)) => given == want,
        _ => false,
    }
}

fn size_of(name: &str, dims: &[(String, i64)]) -> Option<usize> {
    dims.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| *v as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::model::{CellKind, ShapeComment};

    fn dims() -> Vec<(String, i64)> {
        [("bs", 1), ("n_heads", 2), ("sl", 6), ("head_dim", 4)]
            .iter()
            .map(|(n, v)| (n.to_string(), *v))
            .collect()
    }

    fn question(comments: &[Vec<DimRef>]) -> Cell {
        Cell {
            index: 0,
            code: "q = x.view(bs, sl, n_heads, head_dim).transpose(1, 2)\n".into(),
            line: 10,
            kind: CellKind::Question,
            heading: None,
            shape_comments: comments
                .iter()
                .map(|d| ShapeComment {
                    expr: "q".into(),
                    dims: d.clone(),
                    line: 11,
                })
                .collect(),
            heatmaps: vec![],
            asks: None,
            exercise: None,
        }
    }

    fn name(n: &str) -> DimRef {
        DimRef::Name(n.into())
    }

    #[test]
    fn the_first_shape_comment_is_read_at_the_lessons_sizes() {
        let cell = question(&[
            vec![name("bs"), name("n_heads"), name("sl"), DimRef::Size(4)],
            vec![DimRef::Size(9)],
        ]);
        assert_eq!(expected(&cell, &dims()), Some(vec![1, 2, 6, 4]));
        let at_other_sizes = [
            ("bs".to_string(), 8),
            ("n_heads".into(), 8),
            ("sl".into(), 128),
        ];
        assert_eq!(expected(&cell, &at_other_sizes), Some(vec![8, 8, 128, 4]));
        assert_eq!(expected(&question(&[]), &dims()), None);
        assert_eq!(expected(&question(&[vec![name("d_model")]]), &dims()), None);
    }

    #[test]
    fn answers_may_be_sizes_names_or_both_in_any_brackets() {
        let d = dims();
        for answer in [
            "[bs, n_heads, sl, head_dim]",
            "(1, 2, 6, 4)",
            "1 2 6 4",
            " [1,n_heads , sl,4] ",
            "bs n_heads sl head_dim",
        ] {
            assert_eq!(
                parse_answer(answer, &d),
                Some(vec![1, 2, 6, 4]),
                "{answer:?}"
            );
        }
        assert_eq!(parse_answer("[]", &d), Some(vec![]));
        assert_eq!(parse_answer("[bs, d_model]", &d), None);
        assert_eq!(parse_answer("1 -2", &d), None);
        assert_eq!(parse_answer("1.5", &d), None);
    }

    #[test]
    fn an_answer_is_right_only_when_every_size_matches() {
        let cell = question(&[vec![
            name("bs"),
            name("n_heads"),
            name("sl"),
            name("head_dim"),
        ]]);
        let d = dims();
        assert!(is_right(&cell, &d, "[bs, n_heads, sl, head_dim]"));
        assert!(is_right(&cell, &d, "1 2 6 4"));
        assert!(!is_right(&cell, &d, "[bs, sl, n_heads, head_dim]"));
        assert!(!is_right(&cell, &d, "1 2 6"));
        assert!(!is_right(&cell, &d, "nonsense"));
        assert!(!is_right(&question(&[]), &d, ""));
    }
}
