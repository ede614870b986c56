//! Views and reshaping: `view`, `reshape`, `expand`, `flatten`, `squeeze`, `transpose`, `permute`, the
//! splits and the triangles.

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::reorder;
use crate::tensor::{SplitSizes, Tensor};

use super::super::call::{Call, Def};

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

fn tensors(ts: Vec<Tensor>) -> PyResult<Value> {
    Ok(Value::tuple(ts.into_iter().map(Value::Tensor).collect()))
}

/// The shape of `other` (`view_as`, `reshape_as`, `expand_as`).
fn shape_of(c: &Call) -> PyResult<Vec<i64>> {
    Ok(c.tensor(1)?.shape().iter().map(|&d| d as i64).collect())
}

/// The axes of `other` as size symbols (`view_as`, `reshape_as`, `expand_as`).
fn axes_of(c: &Call) -> PyResult<Vec<Option<crate::tensor::sym::Sym>>> {
    let other = c.tensor(1)?;
    Ok(crate::tensor::sym::axes_vec(other.axes(), other.ndim()))
}

pub(super) static DEFS: &[Def] = &[
    Def::method(
        "view",
        &[
            "view(Tensor input, ScalarType dtype)",
            "view(Tensor input, SymInt[] size)",
        ],
        |_, c| match c.which() {
            0 => Err(exc(
                ExcKind::RuntimeError,
                "view(dtype) is not supported by the tutor",
            )),
            _ => t(c.this()?.view_named(&c.int_list(1)?, &c.int_list_syms(1))?),
        },
    ),
    Def::method(
        "view_as",
        &["view_as(Tensor input, Tensor other)"],
        |_, c| t(c.this()?.view_named(&shape_of(c)?, &axes_of(c)?)?),
    ),
    Def::both(
        "reshape",
        &["reshape(Tensor input, SymInt[] shape)"],
        |_, c| {
            t(c.this()?
                .reshape_named(&c.int_list(1)?, &c.int_list_syms(1))?)
        },
    ),
    Def::method(
        "reshape_as",
        &["reshape_as(Tensor input, Tensor other)"],
        |_, c| t(c.this()?.reshape_named(&shape_of(c)?, &axes_of(c)?)?),
    ),
    Def::method(
        "expand",
        &["expand(Tensor input, SymInt[] size, *, bool implicit=False)"],
        |_, c| {
            t(c.this()?
                .expand_named(&c.int_list(1)?, &c.int_list_syms(1))?)
        },
    ),
    Def::method(
        "expand_as",
        &["expand_as(Tensor input, Tensor other)"],
        |_, c| t(c.this()?.expand_named(&shape_of(c)?, &axes_of(c)?)?),
    ),
    Def::both(
        "flatten",
        &["flatten(Tensor input, int start_dim=0, int end_dim=-1)"],
        |_, c| t(c.this()?.flatten(c.int(1)?, c.int(2)?)?),
    ),
    Def::both(
        "unflatten",
        &["unflatten(Tensor input, int dim, SymInt[] sizes)"],
        unflatten,
    )
    .own_method("Tensor.unflatten(self, dim, sizes)", Dialect::PyDef),
    Def::both(
        "squeeze",
        &[
            "squeeze(Tensor input)",
            "squeeze(Tensor input, int dim)",
            "squeeze(Tensor input, int[] dim)",
        ],
        squeeze,
    ),
    Def::method(
        "squeeze_",
        &[
            "squeeze_(Tensor input)",
            "squeeze_(Tensor input, int dim)",
            "squeeze_(Tensor input, int[] dim)",
        ],
        |i, c| in_place(c, squeeze(i, c)?),
    ),
    Def::both(
        "unsqueeze",
        &["unsqueeze(Tensor input, int dim)"],
        |_, c| t(c.this()?.unsqueeze(c.int(1)?)?),
    ),
    Def::method(
        "unsqueeze_",
        &["unsqueeze_(Tensor input, int dim)"],
        |_, c| in_place(c, t(c.this()?.unsqueeze(c.int(1)?)?)?),
    ),
    Def::method(
        "transpose_",
        &["transpose_(Tensor input, int dim0, int dim1)"],
        |_, c| in_place(c, t(c.this()?.transpose(c.int(1)?, c.int(2)?)?)?),
    ),
    Def::method(
        "swapdims_",
        &["swapdims_(Tensor input, int dim0, int dim1)"],
        |_, c| in_place(c, t(c.this()?.transpose(c.int(1)?, c.int(2)?)?)?),
    ),
    Def::method(
        "swapaxes_",
        &["swapaxes_(Tensor input, int axis0, int axis1)"],
        |_, c| in_place(c, t(c.this()?.transpose(c.int(1)?, c.int(2)?)?)?),
    ),
    Def::method("t_", &["t_(Tensor input)"], |_, c| {
        let x = c.this()?;
        if x.ndim() > 2 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "t_() expects a tensor with <= 2 dimensions, but self is {}D",
                    x.ndim()
                ),
            ));
        }
        in_place(c, t(x.t()?)?)
    }),
    Def::both(
        "as_strided_",
        &["as_strided_(Tensor input, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None)"],
        |_, c| {
            if c.int_list(1)?.iter().any(|&d| d < 0) {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "numel: integer multiplication overflow",
                ));
            }
            let view = crate::tensor::ops::strided_views::as_strided(
                &c.this()?,
                &c.int_list(1)?,
                &c.int_list(2)?,
                c.opt_int(3)?,
            )?;
            in_place(c, t(view)?)
        },
    ),
    Def::method(
        "resize_",
        &["resize_(Tensor input, SymInt[] size, *, MemoryFormat? memory_format=None)"],
        |_, c| resize(c, c.int_list(1)?),
    ),
    Def::both(
        "resize_as_",
        &["resize_as_(Tensor input, Tensor the_template, *, MemoryFormat? memory_format=None)"],
        |_, c| resize(c, shape_of(c)?),
    ),
    Def::method(
        "unfold",
        &["unfold(Tensor input, int dimension, int size, int step)"],
        |_, c| {
            t(crate::tensor::ops::strided_views::unfold(
                &c.this()?,
                c.int(1)?,
                c.int(2)?,
                c.int(3)?,
            )?)
        },
    ),
    Def::both(
        "as_strided",
        &["as_strided(Tensor input, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None)"],
        |_, c| {
            t(crate::tensor::ops::strided_views::as_strided(
                &c.this()?,
                &c.int_list(1)?,
                &c.int_list(2)?,
                c.opt_int(3)?,
            )?)
        },
    ),
    Def::method(
        "sum_to_size",
        &["sum_to_size(Tensor input, SymInt[] size)"],
        |_, c| {
            t(crate::tensor::ops::strided_views::sum_to_size(
                &c.this()?,
                &c.int_list(1)?,
            )?)
        },
    ),
    Def::both(
        "transpose",
        &["transpose(Tensor input, int dim0, int dim1)"],
        |_, c| t(c.this()?.transpose(c.int(1)?, c.int(2)?)?),
    ),
    Def::both(
        "swapaxes",
        &["swapaxes(Tensor input, int axis0, int axis1)"],
        |_, c| t(c.this()?.transpose(c.int(1)?, c.int(2)?)?),
    ),
    Def::both("permute", &["permute(Tensor input, int[] dims)"], |_, c| {
        t(c.this()?.permute(&c.int_list(1)?)?)
    }),
    Def::both(
        "movedim",
        &[
            "movedim(Tensor input, int source, int destination)",
            "movedim(Tensor input, int[] source, int[] destination)",
        ],
        movedim,
    ),
    Def::noargs("t", "TensorBase.t()", &["t(Tensor input)"], |_, c| {
        t(c.this()?.t()?)
    }),
    Def::both("flip", &["flip(Tensor input, int[] dims)"], |_, c| {
        t(reorder::flip(&c.this()?, &c.int_list(1)?)?)
    }),
    Def::noargs(
        "fliplr",
        "TensorBase.fliplr()",
        &["fliplr(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            if x.ndim() < 2 {
                return Err(exc(ExcKind::RuntimeError, "Input must be >= 2-d."));
            }
            t(reorder::flip(&x, &[1])?)
        },
    ),
    Def::method(
        "repeat",
        &["repeat(Tensor input, SymInt[] repeats)"],
        |_, c| {
            t(reorder::repeat_named(
                &c.this()?,
                &c.int_list(1)?,
                &c.int_list_syms(1),
            )?)
        },
    ),
    Def::both("tile", &["tile(Tensor input, SymInt[] dims)"], |_, c| {
        // Fewer counts than dims: `tile` pads them with leading 1s (`repeat` refuses).
        let x = c.this()?;
        let (mut reps, mut syms) = (c.int_list(1)?, c.int_list_syms(1));
        let pad = x.ndim().saturating_sub(reps.len());
        reps.splice(0..0, std::iter::repeat_n(1, pad));
        if !syms.is_empty() {
            syms.splice(0..0, std::iter::repeat_n(None, pad));
        }
        t(reorder::repeat_named(&x, &reps, &syms)?)
    }),
    Def::method(
        "contiguous",
        &["contiguous(Tensor input, *, MemoryFormat memory_format=contiguous_format)"],
        |_, c| {
            let x = c.this()?;
            match super::python::memory_format_arg(c, 1, super::python::MemoryFormat::Contiguous) {
                super::python::MemoryFormat::Contiguous => t(x.contiguous()),
                format => t(format.make(&x)?),
            }
        },
    ),
    Def::both(
        "diagonal",
        &["diagonal(Tensor input, int offset=0, int dim1=0, int dim2=1)"],
        |_, c| {
            t(reorder::diagonal(
                &c.this()?,
                c.int(1)?,
                c.int(2)?,
                c.int(3)?,
            )?)
        },
    ),
    Def::both(
        "diag",
        &["diag(Tensor input, int diagonal=0, *, Tensor out=None)"],
        |_, c| t(reorder::diag_offset(&c.this()?, c.int(1)?)?),
    ),
    Def::both(
        "select",
        &["select(Tensor input, int dim, SymInt index)"],
        |_, c| {
            t(crate::tensor::ops::embed::select(
                &c.this()?,
                c.int(1)?,
                c.int(2)?,
            )?)
        },
    ),
    Def::both(
        "narrow",
        &[
            "narrow(Tensor input, int dim, Tensor start, SymInt length)",
            "narrow(Tensor input, int dim, SymInt start, SymInt length)",
        ],
        |_, c| {
            let start = match c.which() {
                0 => c.tensor(2)?.item()?.to_i64(),
                _ => c.int(2)?,
            };
            t(c.this()?.narrow(c.int(1)?, start, c.int(3)?)?)
        },
    ),
    Def::both("split", &[], split)
        .own_method("Tensor.split(self, split_size, dim=0)", Dialect::PyDef)
        .own_function(
            "split(tensor, split_size_or_sections, dim=0)",
            Dialect::PyDef,
        ),
    Def::both(
        "chunk",
        &["chunk(Tensor input, int chunks, int dim=0)"],
        |_, c| {
            let x = c.this()?;
            let (chunks, dim) = (c.int(1)?, c.int(2)?);
            let pieces = x.chunk(chunks, dim)?;
            // Equal pieces are the axis divided by their number (`qkv.chunk(3, dim=-1)` of
            // `[.., 3*hid_dim]` is `hid_dim`).
            let d = wrap_dim(dim, x.ndim()).unwrap_or(0);
            let equal = pieces.len() as i64 == chunks
                && pieces.windows(2).all(|w| w[0].shape() == w[1].shape());
            let piece = x
                .axis(d)
                .filter(|_| equal)
                .and_then(|a| a.div_exact(&crate::tensor::sym::Sym::constant(chunks)));
            if piece.is_none() {
                return tensors(pieces);
            }
            let mut axes = crate::tensor::sym::axes_vec(x.axes(), x.ndim());
            axes[d] = piece;
            let axes = crate::tensor::sym::axes(axes);
            tensors(
                pieces
                    .into_iter()
                    .map(|p| p.with_axes(axes.clone()))
                    .collect(),
            )
        },
    ),
    Def::both("unbind", &["unbind(Tensor input, int dim=0)"], |_, c| {
        tensors(reorder::unbind(&c.this()?, c.int(1)?)?)
    }),
    Def::both(
        "tril",
        &["tril(Tensor input, int diagonal=0, *, Tensor out=None)"],
        |_, c| t(c.this()?.tri(c.int(1)?, true)?),
    ),
    Def::both(
        "triu",
        &["triu(Tensor input, int diagonal=0, *, Tensor out=None)"],
        |_, c| t(c.this()?.tri(c.int(1)?, false)?),
    ),
];

/// The C++ method `Tensor.unflatten` (written in Python) passes its arguments to.
static UNFLATTEN: Sig = Sig::torch("unflatten(int dim, SymInt[] sizes)");

fn unflatten(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let (dim, sizes) = if c.is_method() {
        let given = |i: usize| c.value(i).unwrap_or(Value::None);
        let b = UNFLATTEN.bind(Args::new(vec![given(1), given(2)]))?;
        (b.int(0)?, b.int_list(1)?)
    } else {
        (c.int(1)?, c.int_list(2)?)
    };
    t(reorder::unflatten(&x, dim, &sizes)?)
}

fn squeeze(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let dims = match c.which() {
        0 => None,
        1 => Some(vec![c.int(1)?]),
        _ => Some(c.int_list(1)?),
    };
    t(x.squeeze(dims.as_deref())?)
}

/// An in-place view op: the tensor object itself (every reference to it) takes the layout of `view`.
fn in_place(c: &Call, view: Value) -> PyResult<Value> {
    let x = c.this()?;
    if let Value::Tensor(v) = &view {
        x.set_view_in_place(v)?;
    }
    t(x)
}

/// `resize_(size)`/`resize_as_(other)`: new sizes, row-major (or the `memory_format=` at 2), from the
/// tensor's storage offset; the storage grows when too small.
fn resize(c: &Call, size: Vec<i64>) -> PyResult<Value> {
    let x = c.this()?;
    let Ok(size) = size
        .iter()
        .map(|&d| usize::try_from(d))
        .collect::<Result<Vec<usize>, _>>()
    else {
        return Err(exc(
            ExcKind::RuntimeError,
            "numel: integer multiplication overflow",
        ));
    };
    let strides = match c.value(2) {
        None | Some(Value::None) => None,
        Some(v) => match super::python::memory_format_of(&v) {
            Some(super::MemoryFormat::Preserve) => {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "Unsupported memory formatPreserve",
                ));
            }
            Some(f) => f.strides(&size)?,
            None => None,
        },
    };
    x.resize_in_place(&size, strides)?;
    t(x)
}

fn movedim(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let (source, destination) = match c.which() {
        0 => (c.int(1)?, c.int(2)?),
        _ => {
            return t(crate::tensor::ops::compose::movedim(
                &x,
                &c.int_list(1)?,
                &c.int_list(2)?,
            )?);
        }
    };
    t(reorder::movedim(&x, source, destination)?)
}

// The C++ functions `Tensor.split` (written in Python) passes its arguments to: an int splits into equal
// parts, anything else is taken as the list of sizes.
static SPLIT: Sig = Sig::torch("split(Tensor input, SymInt split_size, int dim=0)");
static SPLIT_WITH_SIZES: Sig =
    Sig::torch("split_with_sizes(Tensor input, SymInt[] split_sizes, int dim=0)");

/// `Tensor.split(split_size, dim=0)` and `torch.split(tensor, split_size_or_sections, dim=0)`.
fn split(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let size = c.value(1).unwrap_or(Value::None);
    let dim = c.value_or_default(2)?;
    let each = matches!(size, Value::Int(_, _) | Value::Bool(_));
    let args = Args::new(vec![Value::Tensor(x.clone()), size, dim]);
    let (sizes, dim, syms) = if each {
        let b = SPLIT.bind(args)?;
        let k = b.int(1)?.max(0) as usize;
        let n = x
            .shape()
            .get(wrap_dim(b.int(2)?, x.ndim()).unwrap_or(0))
            .copied();
        let count = n.map_or(0, |n| n.div_ceil(k.max(1)));
        (SplitSizes::Each(k), b.int(2)?, vec![b.int_sym(1); count])
    } else {
        let b = SPLIT_WITH_SIZES.bind(args)?;
        let sizes = b.int_list(1)?.iter().map(|&v| v.max(0) as usize).collect();
        (SplitSizes::List(sizes), b.int(2)?, b.int_list_syms(1))
    };
    let pieces = x.split(sizes, dim)?;
    // Each piece's split axis is the size it was given (`qkv.split(hid_dim, dim=-1)`); a short last piece
    // has none.
    let d = wrap_dim(dim, x.ndim()).unwrap_or(0);
    let named = pieces
        .into_iter()
        .zip(syms.into_iter().chain(std::iter::repeat(None)))
        .map(|(p, s)| {
            let fits = s
                .as_ref()
                .is_some_and(|s| s.as_constant().is_none() && !s.is_opaque());
            if !fits || p.axes().is_none() && x.axes().is_none() {
                return p;
            }
            let mut axes = crate::tensor::sym::axes_vec(x.axes(), x.ndim());
            if let Some(a) = axes.get_mut(d) {
                *a = s;
            }
            p.with_axes(crate::tensor::sym::axes(axes))
        })
        .collect();
    tensors(named)
}
