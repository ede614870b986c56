//! `torch.einsum` as ATen computes it (`native/Linear.cpp`): the equation is parsed into labels
//! (`...` included), every operand is aligned to one layout (the output's dims, then the summed ones
//! in label order), a repeated label takes a diagonal, and the operands are contracted left to right,
//! each pair by `sumproduct_pair` (dims only one side has are summed first, then one `bmm`). Every step
//! is the op ATen runs, so the bits, the strides of the result and the errors are PyTorch's.

use std::collections::VecDeque;

use crate::tensor::Tensor;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::ops::reorder::{diagonal, movedim};

/// Labels `A-Z` are subscripts 0..26 and `a-z` 26..52, as in ATen; 52 marks an ellipsis.
const LABELS: usize = 52;
const ELLIPSIS: u8 = 52;

fn subscript(label: u8) -> u8 {
    if label.is_ascii_uppercase() {
        label - b'A'
    } else {
        label - b'a' + 26
    }
}

fn label(s: u8) -> char {
    if s < 26 {
        (b'A' + s) as char
    } else {
        (b'a' + s - 26) as char
    }
}

fn fail(message: String) -> TensorError {
    TensorError::runtime(message)
}

/// An einsum result and the `grad_fn` its last op records in PyTorch.
pub struct Einsum {
    pub result: Tensor,
    pub node: &'static str,
}

/// Each operand's subscripts (with [`ELLIPSIS`]) and the number of dims every ellipsis stands for.
struct Parsed {
    op_labels: Vec<Vec<u8>>,
    label_count: [usize; LABELS],
    ell_num_dim: usize,
}

fn parse_inputs(lhs: &[u8], operands: &[Tensor]) -> Result<Parsed> {
    let num_ops = operands.len();
    let mut op_labels = vec![Vec::new(); num_ops];
    let mut ell_in_input = false;
    let mut curr = 0;
    let mut i = 0;
    while i < lhs.len() {
        match lhs[i] {
            b' ' => {}
            b'.' => {
                if ell_in_input {
                    return Err(fail(format!(
                        "einsum(): found '.' for operand {curr} for which an ellipsis was already found"
                    )));
                }
                if !(i + 2 < lhs.len() && lhs[i + 1] == b'.' && lhs[i + 2] == b'.') {
                    return Err(fail(format!(
                        "einsum(): found '.' for operand {curr} that is not part of any ellipsis"
                    )));
                }
                i += 2;
                op_labels[curr].push(ELLIPSIS);
                ell_in_input = true;
            }
            b',' => {
                curr += 1;
                if curr >= num_ops {
                    return Err(fail(
                        "einsum(): fewer operands were provided than specified in the equation"
                            .into(),
                    ));
                }
                ell_in_input = false;
            }
            c if c.is_ascii_alphabetic() => op_labels[curr].push(subscript(c)),
            _ => {
                return Err(fail(format!(
                    "einsum(): invalid subscript given at index {i} in the equation string, subscripts must be in [a-zA-Z]"
                )));
            }
        }
        i += 1;
    }
    if curr != num_ops - 1 {
        return Err(fail(
            "einsum(): more operands were provided than specified in the equation".into(),
        ));
    }
    let mut label_count = [0usize; LABELS];
    let mut ell_num_dim = 0usize;
    for (i, (labels, op)) in op_labels.iter().zip(operands).enumerate() {
        let ndims = op.ndim();
        let letters = labels.iter().filter(|&&s| s != ELLIPSIS).count();
        let has_ellipsis = letters < labels.len();
        for &s in labels {
            if s == ELLIPSIS {
                ell_num_dim = ell_num_dim.max(ndims.saturating_sub(letters));
            } else {
                label_count[s as usize] += 1;
            }
        }
        let fits = if has_ellipsis {
            letters <= ndims
        } else {
            letters == ndims
        };
        if !fits {
            return Err(fail(format!(
                "einsum(): the number of subscripts in the equation ({letters}) {} ({ndims}) for operand {i}{}",
                if has_ellipsis {
                    "is more than the number of dimensions"
                } else {
                    "does not match the number of dimensions"
                },
                if has_ellipsis {
                    ""
                } else {
                    " and no ellipsis was given"
                }
            )));
        }
    }
    Ok(Parsed {
        op_labels,
        label_count,
        ell_num_dim,
    })
}

/// Where each label (and the ellipsis) goes in the aligned layout.
struct Alignment {
    label_index: [Option<usize>; LABELS],
    ell_index: usize,
    out_num_dim: usize,
    num_dim: usize,
}

fn align(rhs: Option<&[u8]>, lhs_len: usize, parsed: &Parsed) -> Result<Alignment> {
    let mut label_index = [None; LABELS];
    let mut index = 0;
    let mut ell_index = 0;
    let ell_in_output;
    match rhs {
        None => {
            // Implicit output: the ellipsis, then the labels used once, in label order.
            index = parsed.ell_num_dim;
            ell_in_output = true;
            for (s, &count) in parsed.label_count.iter().enumerate() {
                if count == 1 {
                    label_index[s] = Some(index);
                    index += 1;
                }
            }
        }
        Some(rhs) => {
            let mut found = false;
            let mut i = 0;
            while i < rhs.len() {
                match rhs[i] {
                    b' ' => {}
                    b'.' => {
                        if found {
                            return Err(fail(
                                "einsum(): found '.' for output but an ellipsis (...) was already found".into(),
                            ));
                        }
                        if !(i + 2 < rhs.len() && rhs[i + 1] == b'.' && rhs[i + 2] == b'.') {
                            return Err(fail(
                                "einsum(): found '.' for output that is not part of any ellipsis (...)".into(),
                            ));
                        }
                        i += 2;
                        ell_index = index;
                        index += parsed.ell_num_dim;
                        found = true;
                    }
                    c if c.is_ascii_alphabetic() => {
                        let s = subscript(c) as usize;
                        if parsed.label_count[s] == 0 || label_index[s].is_some() {
                            return Err(fail(format!(
                                "einsum(): output subscript {}{}",
                                c as char,
                                if label_index[s].is_some() {
                                    " appears more than once in the output"
                                } else {
                                    " does not appear in the equation for any input operand"
                                }
                            )));
                        }
                        label_index[s] = Some(index);
                        index += 1;
                    }
                    _ => {
                        return Err(fail(format!(
                            "einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]",
                            lhs_len + 2 + i
                        )));
                    }
                }
                i += 1;
            }
            ell_in_output = found;
        }
    }
    let out_num_dim = index;
    if !ell_in_output {
        ell_index = index;
        index += parsed.ell_num_dim;
    }
    for (s, &count) in parsed.label_count.iter().enumerate() {
        if count > 0 && label_index[s].is_none() {
            label_index[s] = Some(index);
            index += 1;
        }
    }
    Ok(Alignment {
        label_index,
        ell_index,
        out_num_dim,
        num_dim: index,
    })
}

/// `torch.einsum(equation, *operands)`, contracted left to right (PyTorch without `opt_einsum`).
pub fn einsum(equation: &str, operands: &[Tensor]) -> Result<Einsum> {
    if operands.is_empty() {
        return Err(fail("einsum(): must provide at least one operand".into()));
    }
    let bytes = equation.as_bytes();
    let arrow = equation.find("->");
    let lhs = &bytes[..arrow.unwrap_or(bytes.len())];
    let rhs = arrow.map(|a| &bytes[a + 2..]);
    let parsed = parse_inputs(lhs, operands)?;
    let al = align(rhs, lhs.len(), &parsed)?;
    let ell_num_dim = parsed.ell_num_dim;

    // Check sizes, take diagonals, unsqueeze missing dims and permute every operand to the layout,
    // counting for each aligned dim how many operands have it with a size other than 1.
    let mut label_size = [1usize; LABELS];
    let mut ell_sizes = vec![1usize; ell_num_dim];
    let mut dim_counts = vec![0usize; al.num_dim];
    let mut ops: VecDeque<Tensor> = VecDeque::with_capacity(operands.len());
    for (i, (operand, labels)) in operands.iter().zip(&parsed.op_labels).enumerate() {
        let mut op = operand.clone();
        let mut permutation: Vec<Option<usize>> = vec![None; al.num_dim];
        let mut dim = 0usize;
        for &s in labels {
            if s == ELLIPSIS {
                let ndim = operand.ndim() + 1 - labels.len();
                for j in ell_num_dim - ndim..ell_num_dim {
                    let size = op.shape()[dim];
                    if size != 1 {
                        if ell_sizes[j] != 1 && ell_sizes[j] != size {
                            return Err(fail(format!(
                                "einsum(): dimension {dim} covered by ellipsis in operand {i}has size {size} which does not broadcast with previously seen ellipsis with size {} for the respective dimension",
                                ell_sizes[j]
                            )));
                        }
                        ell_sizes[j] = size;
                        dim_counts[al.ell_index + j] += 1;
                    }
                    permutation[al.ell_index + j] = Some(dim);
                    dim += 1;
                }
                continue;
            }
            let at = al.label_index[s as usize].unwrap_or(0);
            match permutation[at] {
                None => {
                    let size = op.shape()[dim];
                    if size != 1 {
                        let seen = label_size[s as usize];
                        if seen != 1 && seen != size {
                            return Err(fail(format!(
                                "einsum(): subscript {} has size {size} for operand {i} which does not broadcast with previously seen size {seen}",
                                label(s)
                            )));
                        }
                        label_size[s as usize] = size;
                        dim_counts[at] += 1;
                    }
                    permutation[at] = Some(dim);
                    dim += 1;
                }
                Some(prev) => {
                    // A repeated label: the diagonal, moved back to the first one's place.
                    let (size, prev_size) = (op.shape()[dim], op.shape()[prev]);
                    if size != prev_size {
                        return Err(fail(format!(
                            "einsum(): subscript {} is repeated for operand {i} but the sizes don't match, {size} != {prev_size}",
                            label(s)
                        )));
                    }
                    op = movedim(&diagonal(&op, 0, prev as i64, dim as i64)?, -1, prev as i64)?;
                }
            }
        }
        let mut order = Vec::with_capacity(al.num_dim);
        for slot in permutation {
            order.push(match slot {
                Some(d) => d as i64,
                None => {
                    op = op.unsqueeze(dim as i64)?;
                    dim += 1;
                    dim as i64 - 1
                }
            });
        }
        ops.push_back(op.permute(&order)?);
    }
    // Every operand was permuted; a single one is returned as that view.
    let mut node = "PermuteBackward0";

    // Contract left to right, summing each dim as soon as no later operand has it.
    while ops.len() > 1 {
        let (Some(mut a), Some(mut b)) = (ops.pop_front(), ops.pop_front()) else {
            break;
        };
        let mut sum_dims = Vec::new();
        let (mut a_sum, mut b_sum) = (Vec::new(), Vec::new());
        for (d, count) in dim_counts.iter_mut().enumerate().skip(al.out_num_dim) {
            let (sa, sb) = (a.shape()[d], b.shape()[d]);
            if sa != 1 && sb != 1 {
                *count -= 1;
                if *count == 1 {
                    sum_dims.push(d);
                    *count = 0;
                }
            } else if *count == 1 {
                if sa != 1 {
                    a_sum.push(d as i64);
                    *count = 0;
                } else if sb != 1 {
                    b_sum.push(d as i64);
                    *count = 0;
                }
            }
        }
        if !a_sum.is_empty() {
            a = a.sum(Some(&a_sum), true)?;
        }
        if !b_sum.is_empty() {
            b = b.sum(Some(&b_sum), true)?;
        }
        let (product, pair_node) = sumproduct_pair(&a, &b, &sum_dims)?;
        node = pair_node;
        ops.push_front(product);
    }
    let Some(result) = ops.pop_front() else {
        return Err(fail("einsum(): must provide at least one operand".into()));
    };
    if al.num_dim > al.out_num_dim {
        if operands.len() > 1 {
            // Every summed dim is 1 by now: drop them with a view.
            let shape: Vec<i64> = result.shape()[..al.out_num_dim]
                .iter()
                .map(|&n| n as i64)
                .collect();
            return Ok(Einsum {
                result: result.view(&shape)?,
                node: "ViewBackward0",
            });
        }
        let dims: Vec<i64> = (al.out_num_dim as i64..al.num_dim as i64).collect();
        return Ok(Einsum {
            result: result.sum(Some(&dims), false)?,
            node: "SumBackward1",
        });
    }
    Ok(Einsum { result, node })
}

/// ATen's `sumproduct_pair` with `keepdim`: `(left * right).sum(sum_dims)` of two aligned operands,
/// as a permute, a reshape to `[lro, lo, summed]` × `[lro, summed, ro]`, one `bmm`, a view and a
/// permute back (or a plain `mul` when nothing is summed).
fn sumproduct_pair(
    left: &Tensor,
    right: &Tensor,
    sum_dims: &[usize],
) -> Result<(Tensor, &'static str)> {
    if left.ndim() != right.ndim() {
        return Err(fail("number of dimensions must match".into()));
    }
    if sum_dims.is_empty() {
        let product = binary(BinaryOp::Mul, Operand::Tensor(left), Operand::Tensor(right))?;
        return Ok((product, "MulBackward0"));
    }
    // PyTorch puts the right operand on the left of the `bmm` when every output dim only it has (and
    // every dim of size 1 on both sides) comes before every one only the left has, so `ij,jk->ki`
    // comes back contiguous.
    let kept = |i: &usize| !sum_dims.contains(i);
    let first_left =
        (0..left.ndim()).find(|i| kept(i) && left.shape()[*i] != 1 && right.shape()[*i] == 1);
    let last_right = (0..left.ndim())
        .rev()
        .find(|i| kept(i) && left.shape()[*i] == 1);
    if let (Some(first_left), Some(last_right)) = (first_left, last_right)
        && last_right < first_left
    {
        return sumproduct_pair(right, left, sum_dims);
    }
    let (mut left, mut right) = (left.clone(), right.clone());
    let (mut lro, mut lo, mut ro) = (Vec::new(), Vec::new(), Vec::new());
    let (mut lro_size, mut lo_size, mut ro_size, mut sum_size) = (1i64, 1i64, 1i64, 1i64);
    for i in 0..left.ndim() {
        let (nl, nr) = (left.shape()[i], right.shape()[i]);
        let (sl, sr) = (nl != 1, nr != 1);
        if sum_dims.contains(&i) {
            if sl && sr {
                if nl != nr {
                    return Err(fail("non-broadcast dimensions must match".into()));
                }
                sum_size *= nl as i64;
            } else if sl {
                left = left.sum(Some(&[i as i64]), true)?;
            } else if sr {
                right = right.sum(Some(&[i as i64]), true)?;
            }
        } else if sl && sr {
            if nl != nr {
                return Err(fail("non-broadcast dimensions must match".into()));
            }
            lro.push(i);
            lro_size *= nl as i64;
        } else if sl {
            lo.push(i);
            lo_size *= nl as i64;
        } else {
            ro.push(i);
            ro_size *= nr as i64;
        }
    }
    let out_size: Vec<i64> = lro
        .iter()
        .chain(&lo)
        .map(|&d| left.shape()[d] as i64)
        .chain(sum_dims.iter().map(|_| 1))
        .chain(ro.iter().map(|&d| right.shape()[d] as i64))
        .collect();
    let as_i64 = |v: Vec<&usize>| v.into_iter().map(|&d| d as i64).collect::<Vec<i64>>();
    let lperm = as_i64(lro.iter().chain(&lo).chain(sum_dims).chain(&ro).collect());
    let rperm = as_i64(lro.iter().chain(sum_dims).chain(&ro).chain(&lo).collect());
    let mut operm = vec![0i64; out_size.len()];
    for (i, &d) in lro.iter().chain(&lo).chain(sum_dims).chain(&ro).enumerate() {
        operm[d] = i as i64;
    }
    let left = left
        .permute(&lperm)?
        .reshape(&[lro_size, lo_size, sum_size])?;
    let right = right
        .permute(&rperm)?
        .reshape(&[lro_size, sum_size, ro_size])?;
    let result = left.bmm(&right)?.view(&out_size)?.permute(&operm)?;
    Ok((result, "PermuteBackward0"))
}
