/* Development oracle: applies any 8-lane float routine of libtorch_cpu.so (e.g. Sleef_sinf8_u10avx2) to an
   array, for tools/kernels/probe_unary.py.  Build: gcc -O2 -shared -fPIC oracle8.c -o /tmp/oracle8.so */
#include <immintrin.h>
#include <string.h>
typedef __m256 (*f8)(__m256);
__attribute__((target("avx2,fma"))) void apply8(void* fp, const float* in, float* out, int n) {
  f8 f = (f8)fp;
  for (int i = 0; i < n; i += 8) {
    float tmp[8] = {0};
    int c = n - i < 8 ? n - i : 8;
    memcpy(tmp, in + i, c * 4);
    __m256 v = f(_mm256_loadu_ps(tmp));
    _mm256_storeu_ps(tmp, v);
    memcpy(out + i, tmp, c * 4);
  }
}
