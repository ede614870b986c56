//! `pow` of float32 and float64 as ATen's `PowKernel.cpp` computes it. A number exponent
//! (`pow_tensor_scalar_kernel`) takes the special forms first: 0.5 is `sqrt`, -0.5 `rsqrt`, -1
//! `reciprocal`, 2 and 3 products, -2 the reciprocal of the square; any other exponent runs SLEEF's
//! `pow` on the vectorised blocks and C's `std::pow(float, double)` (a double `pow`, rounded to float)
//! on the rest. A tensor exponent (`pow_tensor_tensor_kernel`, also `2 ** x`) has no special forms:
//! SLEEF's `pow` on the blocks, `powf`/`pow` on the rest. Which elements are in blocks is
//! `walk::binary_walk`'s business (the layout, the length of each run, the thread count).

use super::elementwise::Operand;
use super::walk::binary_walk;
use crate::tensor::Tensor;
use crate::tensor::dtype::DType;
use crate::tensor::error::Result;
use crate::tensor::kernels::{map2, pow_block, powf_block};

pub(super) fn float_pow(a: Operand, b: Operand, shape: &[usize], compute: DType) -> Result<Tensor> {
    let threads = crate::tensor::settings::num_threads();
    let (ta, tb) = (a.as_tensor(compute), b.as_tensor(compute));
    // The special forms: the same operation on the blocks and on the rest.
    let walk32 = |f: fn(f32, f32) -> f32| {
        binary_walk::<f32>(&ta, &tb, shape, threads, |x, y, o| map2(x, y, o, f), f)
    };
    let walk64 = |f: fn(f64, f64) -> f64| {
        binary_walk::<f64>(&ta, &tb, shape, threads, |x, y, o| map2(x, y, o, f), f)
    };
    let exponent = match (a, b) {
        (Operand::Tensor(_), Operand::Scalar(e)) => Some(e.to_f64()),
        _ => None,
    };
    let Some(e) = exponent else {
        return if compute == DType::Float32 {
            binary_walk::<f32>(&ta, &tb, shape, threads, powf_block, f32::powf)
        } else {
            binary_walk::<f64>(&ta, &tb, shape, threads, pow_block, f64::powf)
        };
    };
    if compute == DType::Float32 {
        match e {
            0.5 => walk32(|x, _| x.sqrt()),
            -0.5 => walk32(|x, _| 1.0 / x.sqrt()),
            -1.0 => walk32(|x, _| 1.0 / x),
            2.0 => walk32(|x, _| x * x),
            3.0 => walk32(|x, _| x * x * x),
            // The scalar form divides in double (`static_cast<double>(1.0) / (base * base)`).
            -2.0 => binary_walk::<f32>(
                &ta,
                &tb,
                shape,
                threads,
                |x, y, o| map2(x, y, o, |x, _| 1.0 / (x * x)),
                |x, _| (1.0 / f64::from(x * x)) as f32,
            ),
            // `tb` holds the exponent rounded to float, as `Vectorized<float>` holds it; the scalar
            // form takes the double.
            _ => binary_walk::<f32>(&ta, &tb, shape, threads, powf_block, |x, _| {
                f64::from(x).powf(e) as f32
            }),
        }
    } else {
        match e {
            0.5 => walk64(|x, _| x.sqrt()),
            -0.5 => walk64(|x, _| 1.0 / x.sqrt()),
            -1.0 => walk64(|x, _| 1.0 / x),
            2.0 => walk64(|x, _| x * x),
            3.0 => walk64(|x, _| x * x * x),
            -2.0 => walk64(|x, _| 1.0 / (x * x)),
            _ => binary_walk::<f64>(&ta, &tb, shape, threads, pow_block, f64::powf),
        }
    }
}
