/* Development oracle: exposes torch's own SLEEF (AVX2) and MKL VML routines to Python (ctypes).
   Build: TL=/work/.venv/lib/python3.11/site-packages/torch/lib;
          gcc -O2 -mavx2 -mfma -shared -fPIC oracle.c -o oracle.so -L$TL -ltorch_cpu -Wl,-rpath,$TL */
#include <immintrin.h>
#include <string.h>
typedef __m256 (*f8)(__m256);
extern __m256 Sleef_expf8_u10avx2(__m256);
extern __m256 Sleef_logf8_u10avx2(__m256);
extern __m256 Sleef_logf8_u35avx2(__m256);
extern __m256 Sleef_sinf8_u10avx2(__m256);
extern __m256 Sleef_sinf8_u35avx2(__m256);
extern __m256 Sleef_cosf8_u10avx2(__m256);
extern __m256 Sleef_cosf8_u35avx2(__m256);
extern __m256 Sleef_tanhf8_u10avx2(__m256);
extern __m256 Sleef_tanhf8_u35avx2(__m256);
extern __m256 Sleef_erff8_u10avx2(__m256);
extern void vmsExp(int n, const float* a, float* r, long long mode);
extern void vmsLn(int n, const float* a, float* r, long long mode);
extern void vmsSin(int n, const float* a, float* r, long long mode);
extern void vmsCos(int n, const float* a, float* r, long long mode);
extern void vmsTanh(int n, const float* a, float* r, long long mode);
static void run(f8 f, const float* in, float* out, int n) {
  for (int i = 0; i < n; i += 8) {
    float tmp[8] = {0};
    int c = n - i < 8 ? n - i : 8;
    memcpy(tmp, in + i, c * 4);
    __m256 v = f(_mm256_loadu_ps(tmp));
    _mm256_storeu_ps(tmp, v);
    memcpy(out + i, tmp, c * 4);
  }
}
__attribute__((target("avx2,fma"))) void sleef(int which, const float* in, float* out, int n) {
  f8 fs[] = {Sleef_expf8_u10avx2, Sleef_logf8_u10avx2, Sleef_logf8_u35avx2, Sleef_sinf8_u10avx2, Sleef_sinf8_u35avx2,
             Sleef_cosf8_u10avx2, Sleef_cosf8_u35avx2, Sleef_tanhf8_u10avx2, Sleef_tanhf8_u35avx2, Sleef_erff8_u10avx2};
  run(fs[which], in, out, n);
}
void mkl(int which, const float* in, float* out, int n) {
  long long mode = 0x3 | 0x00140000 | 0x100; /* guess; overwritten below */
  (void)mode;
  long long HA = 0x00000002, FTZOFF = 0x00140000, ERRIGN = 0x00000100;
  long long m = HA | FTZOFF | ERRIGN;
  switch (which) {
    case 0: vmsExp(n, in, out, m); break;
    case 1: vmsLn(n, in, out, m); break;
    case 2: vmsSin(n, in, out, m); break;
    case 3: vmsCos(n, in, out, m); break;
    case 4: vmsTanh(n, in, out, m); break;
  }
}
__attribute__((target("avx2,fma"))) static __m256 exp_u20(__m256 values) {
    const __m256 vec_factorial_1 = _mm256_set1_ps(0.999999701f);
    const __m256 vec_factorial_2 = _mm256_set1_ps(0.499991506f);
    const __m256 vec_factorial_3 = _mm256_set1_ps(0.166676521f);
    const __m256 vec_factorial_4 = _mm256_set1_ps(0.0418978221f);
    const __m256 vec_factorial_5 = _mm256_set1_ps(0.00828929059f);
    const __m256 vec_exp_log2ef = _mm256_castsi256_ps(_mm256_set1_epi32(0x3fb8aa3b));
    const __m256 vec_half = _mm256_set1_ps(0.5f);
    const __m256 vec_one = _mm256_set1_ps(1.f);
    const __m256 vec_zero = _mm256_set1_ps(0.f);
    const __m256 vec_two = _mm256_set1_ps(2.f);
    const __m256 vec_ln2f = _mm256_castsi256_ps(_mm256_set1_epi32(0x3f317218));
    const __m256 vec_ln_flt_min = _mm256_castsi256_ps(_mm256_set1_epi32(0xc2aeac50));
    const __m256 vec_ln_flt_max = _mm256_castsi256_ps(_mm256_set1_epi32(0x42b17218));
    const __m256i vec_127 = _mm256_set1_epi32(0x0000007f);

    __m256 less_ln_flt_min_mask = _mm256_cmp_ps(values, vec_ln_flt_min, 1);
    __m256 vec_src = _mm256_min_ps(values, vec_ln_flt_max);
    vec_src = _mm256_max_ps(vec_src, vec_ln_flt_min);
    __m256 vec_fx = _mm256_fmadd_ps(vec_src, vec_exp_log2ef, vec_half);
    vec_fx = _mm256_floor_ps(vec_fx);
    __m256 vec_exp_poly = _mm256_fnmadd_ps(vec_fx, vec_ln2f, vec_src);
    __m256 vec_res = _mm256_fmadd_ps(vec_exp_poly, vec_factorial_5, vec_factorial_4);
    vec_res = _mm256_fmadd_ps(vec_exp_poly, vec_res, vec_factorial_3);
    vec_res = _mm256_fmadd_ps(vec_exp_poly, vec_res, vec_factorial_2);
    vec_res = _mm256_fmadd_ps(vec_exp_poly, vec_res, vec_factorial_1);
    vec_res = _mm256_fmadd_ps(vec_exp_poly, vec_res, vec_one);
    __m256 vec_exp_number = _mm256_sub_ps(vec_fx, vec_one);
    __m256i vec_exp_number_i = _mm256_cvtps_epi32(vec_exp_number);
    __m256i vec_two_pow_n_i = _mm256_add_epi32(vec_exp_number_i, vec_127);
    vec_two_pow_n_i = _mm256_slli_epi32(vec_two_pow_n_i, 23);
    __m256 vec_two_pow_n = _mm256_castsi256_ps(vec_two_pow_n_i);
    vec_two_pow_n = _mm256_blendv_ps(vec_two_pow_n, vec_zero, less_ln_flt_min_mask);
    vec_res = _mm256_mul_ps(vec_res, vec_two_pow_n);
    vec_res = _mm256_mul_ps(vec_res, vec_two);
    return vec_res;
}
__attribute__((target("avx2,fma"))) void expu20(const float* in, float* out, int n) { run(exp_u20, in, out, n); }
