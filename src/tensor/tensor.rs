//! The tensor handle: shared storage plus a layout, like PyTorch's TensorImpl. Cloning a `Tensor` makes another
//! handle to the same storage (Python's aliasing), never a copy.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::dtype::DType;
use super::error::{Result, TensorError};
use super::layout::Layout;
pub use super::scalar::Scalar;
use super::settings::check_numel;
use super::storage::{Element, Storage};
use super::strided::gather_with;

mod values;
use super::sym::{self, Axes, Sym};
use values::write_through;

#[derive(Clone, Debug)]
pub struct Tensor {
    storage: Rc<RefCell<Storage>>,
    layout: Layout,
    /// What this Python object is beyond its data: shared by every reference to it, fresh for every new
    /// tensor object (views included); its address is the object's identity.
    obj: Rc<Object>,
    /// What each axis is (`[bs, n_heads, sl, head_dim]`), where the ops that made this tensor proved it
    /// (`tensor::sym`); `None` when no axis is known.
    axes: Axes,
}

/// The facts of one tensor object that its references share.
struct Object {
    /// Autograd facts the tutor tracks only to print them as PyTorch does (it computes no gradients), so
    /// `t.requires_grad_()` is seen through every reference.
    grad: Cell<GradInfo>,
    /// The layouts (with their axes) this object was given in place (`squeeze_`, `t_`, `resize_`), the
    /// last one current; empty while it keeps the one it was made with. Append-only, so `shape()` can
    /// hand out a reference while another reference to the same object changes it again.
    relayouts: elsa::FrozenVec<Box<(Layout, Axes)>>,
}

impl std::fmt::Debug for Object {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Object")
            .field("grad", &self.grad.get())
            .field("relayouts", &self.relayouts.len())
            .finish()
    }
}

impl Object {
    fn with_grad(grad: GradInfo) -> Rc<Object> {
        Rc::new(Object {
            grad: Cell::new(grad),
            relayouts: elsa::FrozenVec::new(),
        })
    }
}

/// How many times one tensor object may change its layout in place: each change is kept for the
/// object's life (see [`Object::relayouts`]), so a loop of `unsqueeze_`/`squeeze_` must end somewhere.
const MAX_RELAYOUTS: usize = 1 << 16;

/// What PyTorch would print about autograd: a leaf that requires grad (`requires_grad=True`), a
/// `Parameter`, or the name of the op that made the tensor (`grad_fn=<AddmmBackward0>`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GradInfo {
    pub requires_grad: bool,
    pub is_param: bool,
    pub grad_fn: Option<&'static str>,
    /// A view (made in grad mode) of a leaf that requires grad: PyTorch refuses to write into it.
    pub view_of_leaf: bool,
}

/// Runs `$body` with `$t` bound to the Rust element type of `$dtype`.
#[macro_export]
macro_rules! with_dtype {
    ($dtype:expr, $t:ident => $body:expr) => {
        match $dtype {
            $crate::tensor::DType::Float32 => {
                type $t = f32;
                $body
            }
            $crate::tensor::DType::Int64 => {
                type $t = i64;
                $body
            }
            $crate::tensor::DType::Int32 => {
                type $t = i32;
                $body
            }
            $crate::tensor::DType::Bool => {
                type $t = bool;
                $body
            }
            $crate::tensor::DType::Float64 => {
                type $t = f64;
                $body
            }
            $crate::tensor::DType::Float16 => {
                type $t = half::f16;
                $body
            }
            $crate::tensor::DType::BFloat16 => {
                type $t = half::bf16;
                $body
            }
            $crate::tensor::DType::Int16 => {
                type $t = i16;
                $body
            }
            $crate::tensor::DType::Int8 => {
                type $t = i8;
                $body
            }
            $crate::tensor::DType::UInt8 => {
                type $t = u8;
                $body
            }
        }
    };
}

/// A tensor's storage and layout as plain data, which may cross threads (a [`Tensor`] holds `Rc`s): the
/// notebook runs cells on a worker thread and sends the tensors a cell made to the screen's thread so.
/// It keeps the whole storage, so the tensor made from it has the same strides and offset (the memory
/// view shows them); autograd facts and axis names stay behind.
#[derive(Debug, Clone)]
pub struct TensorCopy {
    storage: Storage,
    layout: Layout,
}

impl TensorCopy {
    pub fn into_tensor(self) -> Tensor {
        Tensor::from_storage(self.storage, self.layout)
    }
}

impl Tensor {
    // ---- construction ----------------------------------------------------------------------------------

    /// A copy of this tensor's storage and layout that may be sent to another thread.
    pub fn to_copy(&self) -> TensorCopy {
        TensorCopy {
            storage: self.storage.borrow().clone(),
            layout: self.layout().clone(),
        }
    }

    pub fn from_storage(storage: Storage, layout: Layout) -> Tensor {
        Tensor {
            storage: Rc::new(RefCell::new(storage)),
            layout,
            obj: Object::with_grad(GradInfo::default()),
            axes: None,
        }
    }

    /// A contiguous tensor from row-major data. Fails if `data.len()` doesn't match the shape.
    pub fn from_vec<T: Element>(data: Vec<T>, shape: &[usize]) -> Result<Tensor> {
        let numel = check_numel(shape)?;
        if numel != data.len() {
            return Err(TensorError::runtime(format!(
                "internal: {} values for shape {:?}",
                data.len(),
                shape
            )));
        }
        Ok(Tensor::from_storage(
            T::into_storage(data),
            Layout::contiguous(shape),
        ))
    }

    pub fn scalar<T: Element>(v: T) -> Tensor {
        Tensor::from_storage(T::into_storage(vec![v]), Layout::contiguous(&[]))
    }

    pub fn full(shape: &[usize], value: Scalar, dtype: DType) -> Result<Tensor> {
        let numel = check_numel(shape)?;
        let storage = with_dtype!(dtype, T => T::into_storage(vec![value.cast::<T>(); numel]));
        Ok(Tensor::from_storage(storage, Layout::contiguous(shape)))
    }

    pub fn zeros(shape: &[usize], dtype: DType) -> Result<Tensor> {
        let numel = check_numel(shape)?;
        Ok(Tensor::from_storage(
            Storage::zeros(dtype, numel),
            Layout::contiguous(shape),
        ))
    }

    /// A new handle with another layout over the same storage.
    pub fn with_layout(&self, layout: Layout) -> Tensor {
        Tensor {
            storage: Rc::clone(&self.storage),
            layout,
            obj: Object::with_grad(GradInfo::default()),
            axes: None,
        }
    }

    /// What each axis is, where proven (see `tensor::sym`).
    pub fn axes(&self) -> &Axes {
        match self.obj.relayouts.last() {
            Some((_, axes)) => axes,
            None => &self.axes,
        }
    }
    /// The symbol of axis `i`, where proven.
    pub fn axis(&self, i: usize) -> Option<Sym> {
        sym::axis(self.axes(), i)
    }
    /// This tensor with its axes' symbols set (ignored unless there is one per axis).
    pub fn with_axes(mut self, axes: Axes) -> Tensor {
        let axes = axes.filter(|a| a.len() == self.ndim());
        if self.obj.relayouts.is_empty() {
            self.axes = axes;
        } else if self.relayout(self.layout().clone(), axes).is_err() {
            // Past the limit the names stay as they were: they are what the tutor shows, not data.
        }
        self
    }
    /// This tensor with the axes of `other` (same rank; for ops that keep every axis: elementwise, softmax).
    pub fn with_axes_of(self, other: &Tensor) -> Tensor {
        if other.axes().is_none() {
            return self;
        }
        let axes = other.axes().clone();
        self.with_axes(axes)
    }
    /// Gives this tensor object (every reference to it) the layout and axes of `view`, a view of its own
    /// storage, as PyTorch's in-place view ops do (`squeeze_`, `unsqueeze_`, `transpose_`, `t_`).
    pub fn set_view_in_place(&self, view: &Tensor) -> Result<()> {
        if !self.shares_storage(view) {
            return Err(TensorError::runtime(
                "internal: an in-place view of another storage",
            ));
        }
        self.relayout(view.layout().clone(), view.axes().clone())
    }
    /// `resize_(size)`: this tensor object takes `size` with row-major strides from its storage offset
    /// (or `strides`, for a memory format), and the shared storage grows when it is too small for that,
    /// as ATen's `resize_impl_cpu_`. The same size with no strides asked for keeps the layout it has.
    pub fn resize_in_place(&self, size: &[usize], strides: Option<Vec<usize>>) -> Result<()> {
        if size == self.shape() && strides.as_deref().is_none_or(|s| s == self.strides()) {
            return Ok(());
        }
        check_numel(size)?;
        let offset = self.storage_offset();
        let layout = Layout {
            shape: size.to_vec(),
            strides: strides.unwrap_or_else(|| super::layout::contiguous_strides(size)),
            offset,
        };
        let needed = layout.storage_extent();
        if needed > self.storage_len() {
            super::memory::reserve_items(needed - self.storage_len(), 4)?;
            self.storage.borrow_mut().grow(needed);
        }
        self.relayout(layout, None)
    }
    fn relayout(&self, layout: Layout, axes: Axes) -> Result<()> {
        if self.obj.relayouts.len() >= MAX_RELAYOUTS {
            return Err(TensorError::runtime(format!(
                "this tensor changed its shape in place {MAX_RELAYOUTS} times; the tutor keeps every \
                 shape a tensor had, so make a new tensor instead (x = x.squeeze(0))"
            )));
        }
        let axes = axes.filter(|a| a.len() == layout.ndim());
        self.obj.relayouts.push(Box::new((layout, axes)));
        Ok(())
    }

    // ---- facts ----------------------------------------------------------------------------------------

    pub fn dtype(&self) -> DType {
        self.storage.borrow().dtype()
    }
    pub fn layout(&self) -> &Layout {
        match self.obj.relayouts.last() {
            Some((layout, _)) => layout,
            None => &self.layout,
        }
    }
    pub fn shape(&self) -> &[usize] {
        &self.layout().shape
    }
    pub fn strides(&self) -> &[usize] {
        &self.layout().strides
    }
    pub fn storage_offset(&self) -> usize {
        self.layout().offset
    }
    pub fn ndim(&self) -> usize {
        self.layout().ndim()
    }
    pub fn numel(&self) -> usize {
        self.layout().numel()
    }
    pub fn is_contiguous(&self) -> bool {
        self.layout().is_contiguous()
    }
    /// `requires_grad`: a leaf that requires grad or a tensor made from one.
    pub fn requires_grad(&self) -> bool {
        let g = self.obj.grad.get();
        g.requires_grad || g.grad_fn.is_some()
    }
    pub fn grad_info(&self) -> GradInfo {
        self.obj.grad.get()
    }
    /// Changes this object's autograd facts in place (`requires_grad_()`), seen by every reference to it.
    pub fn set_grad_info(&self, grad: GradInfo) {
        self.obj.grad.set(grad);
    }
    /// A new tensor object over the same data with the given autograd facts.
    pub fn with_grad_info(&self, grad: GradInfo) -> Tensor {
        Tensor {
            storage: Rc::clone(&self.storage),
            layout: self.layout().clone(),
            obj: Object::with_grad(grad),
            axes: self.axes().clone(),
        }
    }
    /// Marks this object as a leaf that requires grad (`requires_grad=True`).
    pub fn set_requires_grad(&self, flag: bool) {
        let mut g = self.obj.grad.get();
        g.requires_grad = flag;
        if !flag {
            g.is_param = false;
        }
        self.obj.grad.set(g);
    }
    /// Marks this object as an `nn.Parameter` (a leaf that requires grad).
    pub fn set_param(&self, flag: bool) {
        let mut g = self.obj.grad.get();
        g.is_param = flag;
        g.requires_grad = flag;
        self.obj.grad.set(g);
    }
    pub fn is_param(&self) -> bool {
        self.obj.grad.get().is_param
    }
    pub fn grad_fn(&self) -> Option<&'static str> {
        self.obj.grad.get().grad_fn
    }
    /// The same tensor as the result of op `name` in autograd's record (a new object).
    pub fn with_grad_fn(&self, name: &'static str) -> Tensor {
        self.with_grad_info(GradInfo {
            requires_grad: false,
            is_param: false,
            grad_fn: Some(name),
            view_of_leaf: false,
        })
    }
    /// A new object over the same data, outside autograd (`.detach()`, `.data`).
    pub fn detach(&self) -> Tensor {
        self.with_grad_info(GradInfo::default())
    }
    /// Python identity of this tensor object.
    pub fn object_id(&self) -> usize {
        Rc::as_ptr(&self.obj) as *const () as usize
    }
    /// Whether two tensors alias the same storage (views of one another).
    pub fn shares_storage(&self, other: &Tensor) -> bool {
        Rc::ptr_eq(&self.storage, &other.storage)
    }
    /// Number of elements in the underlying storage (`untyped_storage().size() / element_size()`).
    pub fn storage_len(&self) -> usize {
        self.storage.borrow().len()
    }
    /// Storage identity for tools that draw memory layouts (stable while the tensor lives).
    pub fn storage_id(&self) -> usize {
        Rc::as_ptr(&self.storage) as *const () as usize
    }

    // ---- reading elements -----------------------------------------------------------------------------

    /// Elements in row-major order, converted to `T` with PyTorch's casting rules.
    pub fn to_vec<T: Element>(&self) -> Vec<T> {
        let storage = self.storage.borrow();
        with_dtype!(storage.dtype(), S => {
            match S::slice(&storage) {
                Some(data) => gather_as::<S, T>(data, self.layout()),
                None => Vec::new(),
            }
        })
    }

    /// The raw storage as a contiguous vector of its own type (for memory-layout views).
    pub fn storage_to_vec<T: Element>(&self) -> Vec<T> {
        let storage = self.storage.borrow();
        with_dtype!(storage.dtype(), S => {
            S::slice(&storage).map(|d| d.iter().map(|&x| convert::<S, T>(x)).collect()).unwrap_or_default()
        })
    }

    /// The single value of a one-element tensor (`item()`).
    pub fn item(&self) -> Result<Scalar> {
        if self.numel() != 1 {
            return Err(TensorError::runtime(format!(
                "a Tensor with {} elements cannot be converted to Scalar",
                self.numel()
            )));
        }
        Ok(match self.dtype() {
            DType::Bool => Scalar::Bool(self.to_vec::<bool>()[0]),
            d if d.is_floating_point() => Scalar::Float(self.to_vec::<f64>()[0]),
            _ => Scalar::Int(self.to_vec::<i64>()[0]),
        })
    }

    /// Runs `f` on a zero-copy `ndarray` view of this tensor: the view is built from the tensor's own
    /// layout (shape, strides and storage offset) over the shared storage, so a transposed or expanded
    /// tensor is seen exactly as PyTorch walks it, without a copy. Fails with a `TypeError` when `T` is not
    /// the tensor's element type (use [`Tensor::to_dtype`] first).
    ///
    /// ```
    /// use transformer_tutor::tensor::Tensor;
    /// let x = Tensor::from_vec((0..6).map(|v| v as f32).collect(), &[2, 3]).unwrap();
    /// let t = x.transpose(0, 1).unwrap(); // [3, 2], strides (1, 3): no copy
    /// let col_sums = t.with_view::<f32, _>(|v| v.sum_axis(ndarray::Axis(1)).iter().copied().collect::<Vec<f32>>()).unwrap();
    /// assert_eq!(col_sums, vec![3.0, 5.0, 7.0]);
    /// ```
    pub fn with_view<T: Element, R>(
        &self,
        f: impl FnOnce(ndarray::ArrayViewD<'_, T>) -> R,
    ) -> Result<R> {
        let storage = self.storage.borrow();
        let data = T::slice(&storage).ok_or_else(|| {
            TensorError::Type(format!(
                "internal: a {} view of a {} tensor",
                T::DTYPE.name(),
                self.dtype().name()
            ))
        })?;
        let view = self.layout().nd_view(data)?;
        Ok(f(view))
    }

    // ---- copies and dtype conversion ------------------------------------------------------------------

    /// `contiguous()`: the same tensor when already contiguous, else a row-major copy.
    pub fn contiguous(&self) -> Tensor {
        if self.is_contiguous() {
            return self.clone();
        }
        self.deep_copy()
    }

    /// [`Tensor::contiguous`], with row-major strides even when empty (an empty view counts as
    /// contiguous whatever its strides; a new result of an op has row-major ones).
    pub fn row_major(&self) -> Tensor {
        let c = self.contiguous();
        if c.numel() == 0
            && c.layout().strides != super::layout::contiguous_strides(&c.layout().shape)
        {
            let shape = c.layout().shape.clone();
            return c
                .with_layout(Layout::contiguous(&shape))
                .with_axes(self.axes().clone());
        }
        c
    }

    /// A fresh contiguous copy with its own storage (`clone()`).
    pub fn deep_copy(&self) -> Tensor {
        let storage = self.storage.borrow();
        let new_storage = with_dtype!(storage.dtype(), S => {
            T_into(S::slice(&storage).map(|d| gather_as::<S, S>(d, self.layout())).unwrap_or_default())
        });
        Tensor::from_storage(new_storage, Layout::contiguous(&self.layout().shape))
            .with_axes(self.axes().clone())
    }

    /// The same values in a new storage laid out with `strides` (dense: a permutation of row-major), as
    /// PyTorch allocates an output that follows its inputs' memory order.
    pub fn restrided(&self, strides: Vec<usize>) -> Tensor {
        let numel = self.numel();
        let layout = Layout {
            shape: self.layout().shape.clone(),
            strides,
            offset: 0,
        };
        if layout.storage_extent() > numel.max(1) {
            // Not dense: keep the row-major values rather than write out of the storage.
            return self.clone();
        }
        let dtype = self.dtype();
        let out = Tensor::from_storage(Storage::zeros(dtype, numel), layout)
            .with_axes(self.axes().clone());
        with_dtype!(dtype, T => out.write_values(&self.to_vec::<T>()));
        out
    }

    /// The layout PyTorch's `memory_format=torch.preserve_format` gives a copy of this tensor (`clone()`,
    /// `to(dtype)`): its own strides when it is non-overlapping and dense, else dense in its dims' order.
    pub fn preserved_strides(&self) -> Option<Vec<usize>> {
        let l = self.layout();
        // Row-major already; a contiguous tensor with other strides on its size-1 dims keeps them.
        if l.strides == super::layout::contiguous_strides(&l.shape) {
            return None;
        }
        if super::layout::is_non_overlapping_and_dense(&l.shape, &l.strides) {
            return Some(l.strides.clone());
        }
        super::layout::iter_output_strides(&l.shape, &[(&l.shape, &l.strides)])
    }

    /// `clone()`: a copy in a new storage, laid out as `memory_format=torch.preserve_format` lays it out
    /// (a transposed tensor's clone is transposed; [`Tensor::deep_copy`] is always row-major).
    pub fn clone_preserve(&self) -> Tensor {
        if let Some(copy) = self.dense_copy(self.dtype()) {
            return copy;
        }
        let copy = self.deep_copy();
        match self.preserved_strides() {
            Some(strides) => copy.restrided(strides),
            None => copy,
        }
    }

    /// `to(dtype)`, `float()`, `long()`, ...: the tensor itself when the dtype matches, else a converted
    /// copy laid out as `preserve_format` lays it out.
    pub fn to_dtype_preserve(&self, dtype: DType) -> Tensor {
        if self.dtype() == dtype {
            return self.clone();
        }
        if let Some(copy) = self.dense_copy(dtype) {
            return copy;
        }
        let copy = self.to_dtype(dtype);
        match self.preserved_strides() {
            Some(strides) => copy.restrided(strides),
            None => copy,
        }
    }

    /// A copy as `dtype` with this tensor's own strides, when they are not row-major but the view is
    /// non-overlapping and dense: its elements then fill one stretch of storage, which is copied (and
    /// converted) as it lies, in one pass, as PyTorch's `preserve_format` copy runs in memory order.
    /// `None` for any other view.
    fn dense_copy(&self, dtype: DType) -> Option<Tensor> {
        let l = self.layout();
        if l.strides == super::layout::contiguous_strides(&l.shape)
            || !super::layout::is_non_overlapping_and_dense(&l.shape, &l.strides)
        {
            return None;
        }
        let stretch = Layout {
            shape: vec![l.numel()],
            strides: vec![1],
            offset: l.offset,
        };
        let storage = self.storage.borrow();
        let copy = with_dtype!(storage.dtype(), S => {
            let data = S::slice(&storage)?;
            if l.offset + l.numel() > data.len() {
                return None;
            }
            with_dtype!(dtype, T => T_into(gather_as::<S, T>(data, &stretch)))
        });
        let layout = Layout {
            shape: l.shape.clone(),
            strides: l.strides.clone(),
            offset: 0,
        };
        Some(Tensor::from_storage(copy, layout).with_axes(self.axes().clone()))
    }

    /// `to(dtype)`: the same tensor when the dtype already matches, else a converted copy.
    pub fn to_dtype(&self, dtype: DType) -> Tensor {
        if self.dtype() == dtype {
            return self.clone();
        }
        let storage = with_dtype!(dtype, T => T::into_storage(self.to_vec::<T>()));
        Tensor::from_storage(storage, Layout::contiguous(&self.layout().shape))
            .with_axes(self.axes().clone())
    }

    /// Writes `src` (broadcast to this shape and cast to this dtype) into this view: `copy_`, slice assignment.
    pub fn copy_from(&self, src: &Tensor) -> Result<()> {
        let src_b = src.broadcast_to(self.shape()).map_err(|_| {
            // PyTorch reports copy_ failures as a broadcast mismatch of the two shapes.
            match super::layout::broadcast_shapes(self.shape(), src.shape()) {
                Err(e) => e,
                Ok(b) => TensorError::InplaceBroadcast {
                    out: self.shape().to_vec(),
                    broadcast: b,
                },
            }
        })?;
        if src_b.dtype() == self.dtype()
            && src_b.shares_storage(self)
            && src_b.layout() == self.layout()
        {
            // The same elements (`x[0] += 1` stores the view it updated back onto itself): nothing to
            // copy, as in PyTorch's `copy_impl`.
            return Ok(());
        }
        if src_b.dtype() == self.dtype() && !src_b.shares_storage(self) && self.copy_direct(&src_b)
        {
            return Ok(());
        }
        // Read first (the source may alias the destination), then write.
        let dtype = self.dtype();
        with_dtype!(dtype, T => {
            let values = src_b.to_vec::<T>();
            self.write_values(&values);
        });
        Ok(())
    }

    /// [`Tensor::copy_from`] from `src` of this dtype and shape held in another storage: each element read
    /// where it lies and written through this view in one pass, with no buffer between (split between
    /// threads as [`Tensor::write_values`] is). False, with nothing written, if a layout cannot be walked.
    fn copy_direct(&self, src: &Tensor) -> bool {
        let dtype = self.dtype();
        let mut dst_storage = self.storage.borrow_mut();
        let src_storage = src.storage.borrow();
        with_dtype!(dtype, T => {
            let (Some(dst), Some(data)) = (T::slice_mut(&mut dst_storage), T::slice(&src_storage)) else {
                return false;
            };
            write_through(dst, self.layout(), data, src.layout())
        })
    }

    /// `fill_(value)`.
    pub fn fill(&self, value: Scalar) {
        let dtype = self.dtype();
        with_dtype!(dtype, T => {
            let v = value.cast::<T>();
            let mut storage = self.storage.borrow_mut();
            if let Some(data) = T::slice_mut(&mut storage) {
                for off in self.layout().offsets() {
                    if let Some(slot) = data.get_mut(off) {
                        *slot = v;
                    }
                }
            }
        });
    }

    /// Runs `f` with the raw storage slice (of element type `T`) and this tensor's layout.
    pub fn with_raw<T: Element, R>(&self, f: impl FnOnce(&[T], &Layout) -> R) -> Result<R> {
        let storage = self.storage.borrow();
        let data = T::slice(&storage).ok_or_else(|| {
            TensorError::runtime(format!("internal: expected {:?} storage", T::DTYPE))
        })?;
        Ok(f(data, self.layout()))
    }

    /// A copy of the whole storage (for a contiguous tensor made with another layout over the same values).
    pub fn storage_clone(&self) -> Storage {
        self.storage.borrow().clone()
    }

    /// Runs a float32 computation for a half or bfloat16 tensor as ATen's CPU kernels do: the input
    /// widened to float, `f`, and a float32 result rounded back to this tensor's type (other results,
    /// such as indices or bools, as they are).
    pub(crate) fn widened(&self, f: impl FnOnce(&Tensor) -> Result<Tensor>) -> Result<Tensor> {
        let out = f(&self.to_dtype(DType::Float32))?;
        Ok(if out.dtype() == DType::Float32 {
            out.to_dtype(self.dtype())
        } else {
            out
        })
    }

    /// Runs `f` with the raw storage slice for writing.
    pub fn with_raw_mut<T: Element>(&self, f: impl FnOnce(&mut [T])) -> Result<()> {
        let mut storage = self.storage.borrow_mut();
        let data = T::slice_mut(&mut storage).ok_or_else(|| {
            TensorError::runtime(format!("internal: expected {:?} storage", T::DTYPE))
        })?;
        f(data);
        Ok(())
    }
}

#[allow(non_snake_case)]
fn T_into<T: Element>(v: Vec<T>) -> Storage {
    T::into_storage(v)
}

/// Casts one element between element types (PyTorch's `static_cast` semantics, bool as 0/1).
#[inline]
pub fn convert<S: Element, T: Element>(x: S) -> T {
    match T::DTYPE {
        DType::Bool => T::from_bool(x.to_bool()),
        // An integer goes to half or bfloat16 through float, as c10's constructors take a float.
        t if t.is_floating_point() => {
            if S::DTYPE.is_floating_point() {
                T::from_f64(x.to_f64())
            } else {
                T::from_i64(x.to_i64())
            }
        }
        t => {
            if S::DTYPE.is_floating_point() {
                T::from_i64(float_to_int(x.to_f64(), t != DType::Int64))
            } else {
                T::from_i64(x.to_i64())
            }
        }
    }
}

/// A float cast to an integer as x86-64's truncating conversions (`cvttss2si`, `cvttps2dq`) do, which
/// is what PyTorch's `static_cast` compiles to: NaN, infinities and values out of the target's range give
/// the target's minimum (`torch.tensor(float('inf')).long()` is -9223372036854775808), not Rust's
/// saturation. Types narrower than 32 bits go through the 32-bit conversion and keep its low bits
/// (`torch.tensor(300.).to(torch.int8)` is 44, `torch.tensor(-1.).byte()` is 255).
#[inline]
fn float_to_int(v: f64, int32: bool) -> i64 {
    let (lo, hi) = if int32 {
        (-2_147_483_648.0, 2_147_483_648.0)
    } else {
        (-9_223_372_036_854_775_808.0, 9_223_372_036_854_775_808.0)
    };
    if v.is_nan() || v < lo || v >= hi {
        if int32 { i64::from(i32::MIN) } else { i64::MIN }
    } else {
        v.trunc() as i64
    }
}

fn gather_as<S: Element, T: Element>(data: &[S], layout: &Layout) -> Vec<T> {
    if S::DTYPE == T::DTYPE {
        // Same element type: copy without converting (a `Vec<S>` is then a `Vec<T>`).
        let same = gather_with::<S, S>(data, layout, |x| x);
        return match (Box::new(same) as Box<dyn std::any::Any>).downcast::<Vec<T>>() {
            Ok(v) => *v,
            Err(_) => Vec::new(),
        };
    }
    gather_with::<S, T>(data, layout, convert::<S, T>)
}
