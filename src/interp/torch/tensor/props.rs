//! What a tensor says about itself: its properties (`shape`, `dtype`, `T`, ...), which take no call, and
//! the methods that report its metadata (`size()`, `stride()`, `numel()`, `is_contiguous()`, ...).

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::builtins::builtin_with;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Class, Instance, Value};
use crate::tensor::Tensor;
use crate::tensor::layout::wrap_dim;

use super::super::call::{Call, Def};

pub(super) type Getter = fn(&mut Interpreter, &Tensor) -> PyResult<Value>;

pub(super) static PROPERTIES: &[(&str, Getter)] = &[
    ("shape", |_, t| {
        Ok(Value::size_with_axes(t.shape().to_vec(), t.axes().clone()))
    }),
    ("dtype", |_, t| Ok(Value::DType(t.dtype()))),
    ("T", transposed),
    ("mT", |interp, t| {
        graded(interp, t, t.mt()?, "TransposeBackward0")
    }),
    // Real tensors: the conjugate transposes are the transposes.
    ("mH", |interp, t| {
        if t.ndim() == 0 {
            interp.warnings.push(
                "UserWarning: Tensor.mH is deprecated on 0-D tensors. Consider using x.conj()."
                    .into(),
            );
            return Ok(Value::Tensor(t.detach()));
        }
        if t.ndim() < 2 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "tensor.mH is only supported on matrices or batches of matrices. Got {}-D tensor.",
                    t.ndim()
                ),
            ));
        }
        graded(interp, t, t.mt()?, "TransposeBackward0")
    }),
    ("H", |interp, t| match t.ndim() {
        2 => graded(interp, t, t.mt()?, "TransposeBackward0"),
        0 => {
            interp.warnings.push(
                "UserWarning: Tensor.H is deprecated on 0-D tensors. Consider using x.conj()."
                    .into(),
            );
            Ok(Value::Tensor(t.detach()))
        }
        n => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "tensor.H is only supported on matrices (2-D tensors). Got {n}-D tensor.{}",
                if n > 2 {
                    " For batches of matrices, consider using tensor.mH"
                } else {
                    ""
                }
            ),
        )),
    }),
    ("data", |_, t| Ok(Value::Tensor(t.detach()))),
    ("ndim", |_, t| Ok(Value::int(t.ndim() as i64))),
    ("requires_grad", |_, t| Ok(Value::Bool(t.requires_grad()))),
    ("is_leaf", |_, t| Ok(Value::Bool(t.grad_fn().is_none()))),
    ("device", |_, _| Ok(super::python::cpu_device(None))),
    ("layout", |_, _| Ok(super::python::strided())),
    ("grad", |_, _| Ok(Value::None)),
    ("grad_fn", |interp, t| {
        Ok(match t.grad_fn() {
            Some(name) => {
                let node = super::super::nn::named_tuple(interp, name, vec![]);
                // `grad_fn.name()`: a method of the node's class (its repr stays `<... object at ...>`).
                if let Value::Instance(inst) = &node {
                    inst.class().attrs.borrow_mut().push((
                        Rc::from("name"),
                        builtin_with("name", move |_, _| {
                            // The nodes written by hand in C++ carry their namespace.
                            Ok(match name {
                                "CopySlices" | "CopyBackwards" => {
                                    Value::str(&format!("torch::autograd::{name}"))
                                }
                                _ => Value::str(name),
                            })
                        }),
                    ));
                }
                node
            }
            None => Value::None,
        })
    }),
    ("itemsize", |_, t| {
        Ok(Value::int(t.dtype().size_in_bytes() as i64))
    }),
];

/// `x.T` reverses the dims (deprecated beyond 2-D, with PyTorch's warning).
fn transposed(interp: &mut Interpreter, t: &Tensor) -> PyResult<Value> {
    let n = t.ndim() as i64;
    let dims: Vec<i64> = (0..n).rev().collect();
    if n > 2 {
        interp.warnings.push(
            "UserWarning: The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated".into(),
        );
    }
    graded(interp, t, t.permute(&dims)?, "PermuteBackward0")
}

/// A view property's result (`x.T`, `x.mT`): with the view's grad_fn when `t` requires grad and grad
/// mode is on, else as a view made under `no_grad`.
fn graded(interp: &Interpreter, t: &Tensor, view: Tensor, node: &'static str) -> PyResult<Value> {
    Ok(if super::super::autograd::recording_tensors(interp, &[t]) {
        super::super::autograd::mark(Value::Tensor(view), node)
    } else {
        // Under no_grad a view of a tensor that requires grad still requires it (no grad_fn).
        super::super::autograd::mark_no_grad_view(interp, t, Value::Tensor(view.detach()))
    })
}

pub(crate) fn tensor_setattr(
    _interp: &mut Interpreter,
    t: &Tensor,
    name: &str,
    value: Value,
) -> PyResult<()> {
    match (name, &value) {
        ("data", Value::Tensor(src)) => {
            if src.shape() == t.shape() {
                t.copy_from(src)?;
                Ok(())
            } else {
                Err(exc(
                    ExcKind::RuntimeError,
                    "the tutor can only replace .data with a tensor of the same shape",
                ))
            }
        }
        ("requires_grad", Value::Bool(_)) => Ok(()),
        _ => Err(exc(
            ExcKind::AttributeError,
            format!("attribute '{name}' of 'torch._C.TensorBase' objects is not writable"),
        )),
    }
}

/// The addresses `data_ptr()` reports: made up, so no real heap address reaches a cell (and through it a
/// trace), and the same on every run. Each storage gets its own base the first time it is asked, in that
/// order: views of one storage share it (plus their offset in bytes), different storages differ. Bases
/// are [`FAKE_STRIDE`] apart, more than the largest storage the element cap allows, so an offset view
/// never reaches the next storage's base.
#[derive(Default)]
struct FakeAddresses {
    /// Storage identity → its number.
    numbers: HashMap<usize, u64>,
    /// Identities in the order they were numbered, to forget the oldest past [`REMEMBERED`].
    order: VecDeque<usize>,
    next: u64,
}

const FAKE_BASE: u64 = 0x7f00_0000_0000;
const FAKE_STRIDE: u64 = 0x1_0000_0000;
/// Storages remembered at once. A storage asked again after this many others gets a new base (a new,
/// never-used one, so two live storages never share a base); the table stays small however many
/// tensors a loop makes. A storage's identity may be reused after it is freed, and the new storage then
/// gets the old base, as a real allocator reuses freed memory.
const REMEMBERED: usize = 1 << 16;
/// Numbers wrap here, keeping every address inside i64 (1 << 30 storages are never asked in one session).
const NUMBERS: u64 = 1 << 30;

impl FakeAddresses {
    fn base(&mut self, storage: usize) -> u64 {
        let number = match self.numbers.get(&storage) {
            Some(&n) => n,
            None => {
                if self.order.len() >= REMEMBERED
                    && let Some(oldest) = self.order.pop_front()
                {
                    self.numbers.remove(&oldest);
                }
                let n = self.next;
                self.next = (self.next + 1) % NUMBERS;
                self.numbers.insert(storage, n);
                self.order.push_back(storage);
                n
            }
        };
        FAKE_BASE + number * FAKE_STRIDE
    }
}

/// The made-up address of a tensor's storage (its first byte).
fn storage_base(interp: &mut Interpreter, x: &Tensor) -> u64 {
    // An empty storage has no memory: PyTorch reports address 0.
    if x.storage_len() == 0 {
        return 0;
    }
    interp
        .extensions
        .get_or_insert_with(FakeAddresses::default)
        .base(x.storage_id())
}

/// `t.untyped_storage()`: the bytes under a tensor, as an object with PyTorch's `data_ptr()` (the
/// storage's first byte, whatever view asked), `nbytes()`, `size()` and `len()`; comparing two
/// `data_ptr()`s is how one asks whether tensors share memory.
fn untyped_storage(interp: &mut Interpreter, x: &Tensor) -> Value {
    let ptr = storage_base(interp, x) as i64;
    let nbytes = (x.storage_len() * x.dtype().size_in_bytes()) as i64;
    let class = Rc::new(Class {
        name: Rc::from("UntypedStorage"),
        bases: Vec::new(),
        attrs: RefCell::new(vec![(
            Rc::from("__len__"),
            builtin_with("__len__", move |_, _| Ok(Value::int(nbytes))),
        )]),
        native: None,
        slots: None,
    });
    let inst = Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    };
    inst.set(
        "data_ptr",
        builtin_with("data_ptr", move |_, _| Ok(Value::int(ptr))),
    );
    inst.set(
        "nbytes",
        builtin_with("nbytes", move |_, _| Ok(Value::int(nbytes))),
    );
    inst.set(
        "size",
        builtin_with("size", move |_, _| Ok(Value::int(nbytes))),
    );
    Value::Instance(Rc::new(inst))
}

fn int(n: usize) -> PyResult<Value> {
    Ok(Value::int(n as i64))
}

pub(super) static DEFS: &[Def] = &[
    Def::method("size", &["size(Tensor input, int? dim=None)"], size),
    Def::method("stride", &["stride(Tensor input, int? dim=None)"], stride),
    Def::noargs("dim", "TensorBase.dim()", &[], |_, c| int(c.this()?.ndim())).no_function(),
    Def::noargs("ndimension", "TensorBase.ndimension()", &[], |_, c| {
        int(c.this()?.ndim())
    })
    .no_function(),
    Def::noargs(
        "numel",
        "TensorBase.numel()",
        &["numel(Tensor input)"],
        |_, c| int(c.this()?.numel()),
    ),
    Def::noargs("nelement", "TensorBase.nelement()", &[], |_, c| {
        int(c.this()?.numel())
    })
    .no_function(),
    Def::noargs("element_size", "TensorBase.element_size()", &[], |_, c| {
        int(c.this()?.dtype().size_in_bytes())
    })
    .no_function(),
    Def::noargs(
        "storage_offset",
        "TensorBase.storage_offset()",
        &[],
        |_, c| int(c.this()?.storage_offset()),
    )
    .no_function(),
    Def::method(
        "is_contiguous",
        &["is_contiguous(Tensor input, *, MemoryFormat memory_format=contiguous_format)"],
        |_, c| {
            let format =
                super::python::memory_format_arg(c, 1, super::python::MemoryFormat::Contiguous);
            Ok(Value::Bool(format.holds(&c.this()?)?))
        },
    ),
    Def::noargs(
        "is_floating_point",
        "TensorBase.is_floating_point()",
        &["is_floating_point(Tensor input)"],
        |_, c| Ok(Value::Bool(c.this()?.dtype().is_floating_point())),
    ),
    Def::noargs("data_ptr", "TensorBase.data_ptr()", &[], |interp, c| {
        let x = c.this()?;
        let base = storage_base(interp, &x);
        let offset = (x.storage_offset() * x.dtype().size_in_bytes()) as u64;
        Ok(Value::int((base + offset) as i64))
    })
    .no_function(),
    Def::noargs(
        "untyped_storage",
        "TensorBase.untyped_storage()",
        &[],
        |interp, c| Ok(untyped_storage(interp, &c.this()?)),
    )
    .no_function(),
    Def::method(
        "dim_order",
        &["dim_order(Tensor input, *, bool ambiguity_check=False)"],
        |_, c| {
            // torch._prims_common's `compute_elementwise_output_logical_to_physical_perm`: an insertion
            // sort from the innermost dim, by stride (a stride of 0 compares with nothing), then size.
            let x = c.this()?;
            if x.is_contiguous() {
                return Ok(Value::tuple(
                    (0..x.ndim()).map(|d| Value::int(d as i64)).collect(),
                ));
            }
            let perm = crate::tensor::layout::stride_order(
                x.shape(),
                x.strides(),
                (0..x.ndim()).rev().collect(),
            );
            Ok(Value::tuple(
                perm.into_iter()
                    .rev()
                    .map(|d| Value::int(d as i64))
                    .collect(),
            ))
        },
    ),
    Def::noargs("is_pinned", "TensorBase.is_pinned()", &[], |_, _| {
        Ok(Value::Bool(false))
    })
    .no_function(),
    Def::method(
        "pin_memory",
        &["pin_memory(Tensor input, Device? device=None)"],
        |_, _| {
            // What PyTorch says on a machine without a GPU.
            Err(exc(
                ExcKind::RuntimeError,
                "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx",
            ))
        },
    ),
    Def::method(
        "is_set_to",
        &["is_set_to(Tensor input, Tensor tensor)"],
        |_, c| {
            let (x, y) = (c.this()?, c.tensor(1)?);
            Ok(Value::Bool(
                x.shares_storage(&y)
                    && x.storage_offset() == y.storage_offset()
                    && x.shape() == y.shape()
                    && x.strides() == y.strides(),
            ))
        },
    ),
    Def::noargs("item", "TensorBase.item()", &[], |_, c| {
        Ok(super::super::scalar_to_value(c.this()?.item()?))
    })
    .no_function(),
    Def::noargs("tolist", "TensorBase.tolist()", &[], |_, c| {
        super::convert::tolist(&c.this()?)
    })
    .no_function(),
];

/// `size(d)`/`stride(d)` of a 0-d tensor: it has no dims to name (reductions accept 0 and -1 there).
fn no_dims(x: &Tensor, d: i64) -> PyResult<()> {
    if x.ndim() == 0 {
        return Err(exc(
            ExcKind::IndexError,
            format!("Dimension specified as {d} but tensor has no dimensions"),
        ));
    }
    Ok(())
}

fn size(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    match c.opt_int(1)? {
        Some(d) => {
            no_dims(&x, d)?;
            let d = wrap_dim(d, x.ndim())?;
            let n = x.shape().get(d).copied().unwrap_or(1);
            Ok(Value::measured(n as i64, x.axis(d)))
        }
        None => Ok(Value::size_with_axes(x.shape().to_vec(), x.axes().clone())),
    }
}

fn stride(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    match c.opt_int(1)? {
        Some(d) => {
            no_dims(&x, d)?;
            let d = wrap_dim(d, x.ndim())?;
            int(x.strides().get(d).copied().unwrap_or(1))
        }
        None => Ok(Value::tuple(
            x.strides().iter().map(|&s| Value::int(s as i64)).collect(),
        )),
    }
}
