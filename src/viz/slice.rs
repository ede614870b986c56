//! Heatmap slicing, once for every output: which 2-D map of an N-D tensor is drawn, its values as `f64` for
//! colouring, and a large map averaged into buckets that fit a drawing area. Built on the tensor's zero-copy
//! `ndarray` view ([`Tensor::with_view`]), so a transposed or expanded tensor is read the way PyTorch walks
//! it, without copying the tensor first. The notebook kernel uses [`squeezed`] (the map a
//! `# heatmap: attn[0, 0]` directive names), the TUI's inspector [`at_leading`] (batch and head chosen with
//! `< > { }`), and every heatmap [`block_means`].

use ndarray::{Array2, ArrayView2, ArrayViewD, Axis, Ix2};

use crate::tensor::{DType, Element, Tensor, convert};

use super::heatmap::{HeatCell, MASKED_BELOW, ValueKind};

/// A 2-D map cut out of a tensor: `rows × cols` values in row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct Map2 {
    pub rows: usize,
    pub cols: usize,
    /// Each element as float32 (`.float()`: bools 0 and 1, integers rounded to float32), widened to f64.
    pub values: Vec<f64>,
    /// The leading indices taken to get down to two dims (empty when none were).
    pub picked: Vec<usize>,
    /// The tensor's dtype as a heatmap prints it (ints whole, bools as ■/□).
    pub kind: ValueKind,
    /// Which dims of the tensor are drawn as rows and as columns (`None` for the row axis a 1-D tensor is
    /// given), so a caller can title each axis with the name dataflow proved for that dim.
    pub axes: [Option<usize>; 2],
}

/// How the map is chosen from the tensor's view.
#[derive(Clone, Copy)]
enum Pick<'a> {
    Leading(&'a [usize]),
    Squeeze,
}

/// The map at leading indices `leading` of an N-D tensor: one index per dim before the last two, clamped to
/// the dim's size, 0 for dims `leading` does not reach. A 1-D tensor is one row. `None` for a 0-d tensor
/// or an empty leading dim (there is nothing to pick).
pub fn at_leading(t: &Tensor, leading: &[usize]) -> Option<Map2> {
    map_of(t, Pick::Leading(leading))
}

/// The map of a tensor whose dims other than two are 1 (`attn[0, 0]` of a `[bs, n_heads, sl, sl]` tensor,
/// or `mask[0]` of `[bs, 1, 1, sl]`): the size-1 dims dropped as `squeeze()` drops them. A 2-D tensor is
/// its own map (also `[1, n]`), a 1-D tensor is one row; anything else has no map (`None`).
pub fn squeezed(t: &Tensor) -> Option<Map2> {
    map_of(t, Pick::Squeeze)
}

fn map_of(t: &Tensor, how: Pick<'_>) -> Option<Map2> {
    let kind = match t.dtype() {
        DType::Bool => ValueKind::Bool,
        d if d.is_floating_point() => ValueKind::Float,
        _ => ValueKind::Int,
    };
    crate::with_dtype!(t.dtype(), S => t.with_view::<S, _>(|view| pick(view, how)).ok().flatten())
        .map(|m| Map2 { kind, ..m })
}

fn pick<S: Element>(view: ArrayViewD<'_, S>, how: Pick<'_>) -> Option<Map2> {
    let ndim = view.ndim();
    let (map, picked, axes) = match how {
        Pick::Leading(indices) => {
            let (map, picked) = leading(view, indices)?;
            let axes = match ndim {
                1 => [None, Some(0)],
                n => [Some(n - 2), Some(n - 1)],
            };
            (map, picked, axes)
        }
        Pick::Squeeze => {
            let (map, axes) = squeeze(view)?;
            (map, Vec::new(), axes)
        }
    };
    let (rows, cols) = map.dim();
    let values = map
        .iter()
        .map(|&x| f64::from(convert::<S, f32>(x)))
        .collect();
    Some(Map2 {
        rows,
        cols,
        values,
        picked,
        kind: ValueKind::Float,
        axes,
    })
}

fn leading<'a, S>(
    mut view: ArrayViewD<'a, S>,
    indices: &[usize],
) -> Option<(ArrayView2<'a, S>, Vec<usize>)> {
    let mut picked = Vec::new();
    while view.ndim() > 2 {
        let n = view.len_of(Axis(0));
        if n == 0 {
            return None;
        }
        let i = indices.get(picked.len()).copied().unwrap_or(0).min(n - 1);
        view = view.index_axis_move(Axis(0), i);
        picked.push(i);
    }
    if view.ndim() == 1 {
        view = view.insert_axis(Axis(0));
    }
    Some((view.into_dimensionality::<Ix2>().ok()?, picked))
}

/// The squeezed map and which of the tensor's dims it keeps as rows and columns.
#[allow(clippy::type_complexity)]
fn squeeze<S>(view: ArrayViewD<'_, S>) -> Option<(ArrayView2<'_, S>, [Option<usize>; 2])> {
    if view.ndim() == 1 {
        let map = view
            .insert_axis(Axis(0))
            .into_dimensionality::<Ix2>()
            .ok()?;
        return Some((map, [None, Some(0)]));
    }
    let kept: Vec<usize> = (0..view.ndim())
        .filter(|&axis| view.len_of(Axis(axis)) != 1)
        .collect();
    let mut squeezed = view.clone();
    for axis in (0..squeezed.ndim()).rev() {
        if squeezed.len_of(Axis(axis)) == 1 {
            squeezed = squeezed.index_axis_move(Axis(axis), 0);
        }
    }
    let (map, axes) = if squeezed.ndim() == 2 {
        (squeezed, [kept.first().copied(), kept.get(1).copied()])
    } else {
        (view, [Some(0), Some(1)])
    };
    Some((map.into_dimensionality::<Ix2>().ok()?, axes))
}

/// Bucket `i` of `out` over `n` source positions: `i·n/out .. (i+1)·n/out` (empty when `out` is 0).
pub fn bucket(i: usize, n: usize, out: usize) -> std::ops::Range<usize> {
    if out == 0 {
        return 0..0;
    }
    i * n / out..(i + 1) * n / out
}

/// `map` averaged into at most `out_rows × out_cols` buckets (never more than the map has). Bucket `i` of
/// `out` over `n` source rows covers rows `i·n/out .. (i+1)·n/out`, so buckets differ by at most one row
/// and every row lands in exactly one (the sizes rarely divide: 128×512 into 68×41). A bucket is the mean
/// of its unmasked values; all masked (at or below [`MASKED_BELOW`], as `masked_fill(-1e9)` leaves them)
/// is [`HeatCell::Masked`], only NaN is [`HeatCell::Nan`], masked and NaN together count as masked.
pub fn block_means(map: ArrayView2<'_, f64>, out_rows: usize, out_cols: usize) -> Array2<HeatCell> {
    block_pool(map, out_rows, out_cols, Pool::Mean)
}

/// How a bucket of a downsampled map becomes one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub enum Pool {
    /// The mean of its unmasked values: the overall level, but a single peak (one attention weight of
    /// 1.0 among zeros) fades to 1/n.
    #[default]
    Mean,
    /// Its unmasked value of largest magnitude, sign kept (the max for non-negative maps): every peak
    /// stays visible, as max-pooling keeps it.
    Peak,
}

/// [`block_means`] with the choice of [`Pool`]; masked and NaN buckets are treated the same way.
pub fn block_pool(
    map: ArrayView2<'_, f64>,
    out_rows: usize,
    out_cols: usize,
    pool: Pool,
) -> Array2<HeatCell> {
    let (rows, cols) = map.dim();
    let (out_rows, out_cols) = (out_rows.min(rows), out_cols.min(cols));
    Array2::from_shape_fn((out_rows, out_cols), |(r, c)| {
        let block = map.slice(ndarray::s![
            bucket(r, rows, out_rows),
            bucket(c, cols, out_cols)
        ]);
        // Row-major order, so the sum is the same to the last bit on every run.
        let (sum, peak, n, masked, nan) = block.iter().fold(
            (0.0, 0.0f64, 0usize, 0usize, 0usize),
            |(sum, peak, n, masked, nan), &v| {
                if v.is_nan() {
                    (sum, peak, n, masked, nan + 1)
                } else if v <= MASKED_BELOW {
                    (sum, peak, n, masked + 1, nan)
                } else {
                    // The first value of the largest magnitude, so ties resolve the same on every run.
                    let peak = if n == 0 || v.abs() > peak.abs() {
                        v
                    } else {
                        peak
                    };
                    (sum + v, peak, n + 1, masked, nan)
                }
            },
        );
        if n > 0 {
            HeatCell::Value(match pool {
                Pool::Mean => sum / n as f64,
                Pool::Peak => peak,
            })
        } else if nan > 0 && masked == 0 {
            HeatCell::Nan
        } else {
            HeatCell::Masked
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `0, 1, 2, ...` as float32 in `shape`.
    fn arange(shape: &[usize]) -> Tensor {
        let n: usize = shape.iter().product();
        Tensor::from_vec((0..n).map(|v| v as f32).collect(), shape).unwrap()
    }

    /// The expected map by hand: the contiguous copy's elements (`to_vec`) indexed row-major, with the
    /// leading indices `lead` in front.
    fn naive(t: &Tensor, lead: &[usize]) -> Vec<f64> {
        let all: Vec<f64> = t.to_vec::<f32>().into_iter().map(f64::from).collect();
        let shape = t.shape();
        let (rows, cols) = (shape[shape.len() - 2], shape[shape.len() - 1]);
        let mut base = 0;
        for (k, &i) in lead.iter().enumerate() {
            base = base * shape[k] + i;
        }
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                out.push(all[(base * rows + r) * cols + c]);
            }
        }
        out
    }

    #[test]
    fn leading_indices_pick_the_map_of_a_non_contiguous_tensor() {
        // [2, 3, 4, 5] permuted from [4, 2, 5, 3]: nothing in it is contiguous.
        let t = arange(&[4, 2, 5, 3]).permute(&[1, 3, 0, 2]).unwrap();
        assert!(!t.is_contiguous());
        assert_eq!(t.shape(), [2, 3, 4, 5]);
        for lead in [[0, 0], [1, 2], [0, 1]] {
            let m = at_leading(&t, &lead).unwrap();
            assert_eq!((m.rows, m.cols, m.picked.as_slice()), (4, 5, &lead[..]));
            assert_eq!(m.values, naive(&t, &lead), "{lead:?}");
        }
        // Out of range: the last index; missing: 0.
        let m = at_leading(&t, &[7]).unwrap();
        assert_eq!(m.picked, [1, 0]);
        assert_eq!(m.values, naive(&t, &[1, 0]));
    }

    #[test]
    fn a_map_without_leading_dims_is_the_tensor_itself() {
        let t = arange(&[3, 4]).transpose(0, 1).unwrap();
        let m = at_leading(&t, &[5, 5]).unwrap();
        assert_eq!((m.rows, m.cols), (4, 3));
        assert!(m.picked.is_empty());
        assert_eq!(m.values, naive(&t, &[]));
        let row = at_leading(&arange(&[6]), &[]).unwrap();
        assert_eq!((row.rows, row.cols), (1, 6));
        assert_eq!(row.values, naive(&arange(&[1, 6]), &[]));
        assert_eq!(at_leading(&Tensor::scalar(1.5f32), &[]), None);
        assert_eq!(at_leading(&arange(&[0, 2, 3]), &[]), None);
    }

    #[test]
    fn bools_and_integers_are_coloured_as_float32() {
        let mask = arange(&[2, 3]).to_dtype(DType::Bool);
        let m = at_leading(&mask, &[]).unwrap();
        let want: Vec<f64> = mask
            .to_vec::<bool>()
            .into_iter()
            .map(|b| if b { 1.0 } else { 0.0 })
            .collect();
        assert_eq!(m.values, want);
        // 2^24 + 1 is not a float32: it is drawn as float32 rounds it, like `.float()`.
        let big = Tensor::from_vec(vec![16_777_217i64, -3], &[1, 2]).unwrap();
        let want: Vec<f64> = big
            .to_vec::<i64>()
            .into_iter()
            .map(|v| v as f32 as f64)
            .collect();
        assert_eq!(squeezed(&big).unwrap().values, want);
    }

    #[test]
    fn squeezing_keeps_the_two_dims_that_are_not_one() {
        let t = arange(&[1, 4, 1, 3]);
        let m = squeezed(&t).unwrap();
        assert_eq!((m.rows, m.cols), (4, 3));
        assert_eq!(m.axes, [Some(1), Some(3)]);
        assert_eq!(squeezed(&arange(&[5])).unwrap().axes, [None, Some(0)]);
        assert_eq!(squeezed(&arange(&[1, 5])).unwrap().axes, [Some(0), Some(1)]);
        let lead = at_leading(&arange(&[2, 3, 4, 5]), &[1, 1]).unwrap();
        assert_eq!(lead.axes, [Some(2), Some(3)]);
        assert_eq!(m.values, naive(&arange(&[4, 3]), &[]));
        // An expanded (stride 0) view is read as PyTorch walks it.
        let e = arange(&[1, 3])
            .expand(&[4, 3])
            .unwrap()
            .unsqueeze(0)
            .unwrap();
        let m = squeezed(&e).unwrap();
        assert_eq!(
            m.values,
            naive(&e.squeeze(None).unwrap(), &[]),
            "expand repeats the row"
        );
        for (shape, dims) in [
            (vec![1, 5], Some((1, 5))),
            (vec![5], Some((1, 5))),
            (vec![1, 1], Some((1, 1))),
            (vec![2, 3, 4], None),
            (vec![1, 1, 5], None),
            (vec![], None),
        ] {
            let t = arange(&shape);
            assert_eq!(squeezed(&t).map(|m| (m.rows, m.cols)), dims, "{shape:?}");
        }
    }

    #[test]
    fn buckets_average_unmasked_values_and_cover_every_source_cell() {
        let (rows, cols, out_rows, out_cols) = (7, 10, 3, 4);
        let values: Vec<f64> = (0..rows * cols).map(|v| (v * v % 13) as f64).collect();
        let map = ArrayView2::from_shape((rows, cols), &values).unwrap();
        let cells = block_means(map, out_rows, out_cols);
        assert_eq!(cells.dim(), (out_rows, out_cols));
        // By hand: every source cell in exactly one bucket, buckets as even as integer division allows.
        let mut seen = vec![0; rows * cols];
        for r in 0..out_rows {
            for c in 0..out_cols {
                let (mut sum, mut n) = (0.0, 0);
                for rr in r * rows / out_rows..(r + 1) * rows / out_rows {
                    for cc in c * cols / out_cols..(c + 1) * cols / out_cols {
                        sum += values[rr * cols + cc];
                        n += 1;
                        seen[rr * cols + cc] += 1;
                    }
                }
                assert_eq!(cells[(r, c)], HeatCell::Value(sum / n as f64), "({r}, {c})");
            }
        }
        assert!(seen.iter().all(|&k| k == 1));
        // Asking for more buckets than cells keeps the map as it is.
        let same = block_means(map, 100, 100);
        assert_eq!(same.dim(), (rows, cols));
        assert_eq!(same[(2, 3)], HeatCell::Value(values[2 * cols + 3]));
    }

    #[test]
    fn masked_and_nan_buckets_are_kept_apart() {
        let v = [0.5, -1e10, f64::NEG_INFINITY, f64::NAN, 1.0, f64::NAN];
        let map = ArrayView2::from_shape((2, 3), &v[..]).unwrap();
        let cells = block_means(map, 2, 3);
        assert_eq!(cells[(0, 0)], HeatCell::Value(0.5));
        assert_eq!(cells[(0, 1)], HeatCell::Masked);
        assert_eq!(cells[(0, 2)], HeatCell::Masked);
        assert_eq!(cells[(1, 0)], HeatCell::Nan);
        // One bucket of all six: the two unmasked values' mean.
        assert_eq!(block_means(map, 1, 1)[(0, 0)], HeatCell::Value(0.75));
        // Masked and NaN only: masked.
        let map = ArrayView2::from_shape((1, 2), &v[1..3]).unwrap();
        assert_eq!(block_means(map, 1, 1)[(0, 0)], HeatCell::Masked);
        let nan_and_mask = [f64::NAN, -1e9];
        let map = ArrayView2::from_shape((1, 2), &nan_and_mask[..]).unwrap();
        assert_eq!(block_means(map, 1, 1)[(0, 0)], HeatCell::Masked);
    }

    #[test]
    fn peak_pooling_keeps_the_largest_magnitude_with_its_sign() {
        let v = [0.0, 1.0, -1e10, 0.25, -3.0, 2.0, f64::NAN, 0.5];
        let map = ArrayView2::from_shape((2, 4), &v[..]).unwrap();
        let cells = block_pool(map, 1, 2, Pool::Peak);
        // Left bucket [0, 1; -3, 2]: -3 has the largest magnitude. Right: the mask and NaN are skipped.
        assert_eq!(cells[(0, 0)], HeatCell::Value(-3.0));
        assert_eq!(cells[(0, 1)], HeatCell::Value(0.5));
        assert_eq!(block_pool(map, 1, 2, Pool::Mean), block_means(map, 1, 2));
    }
}
