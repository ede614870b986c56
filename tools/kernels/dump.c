/* Dumps Sleef_expf8_u10 / Sleef_logf8_u10 of every 61st float bit pattern (verification of the Rust port).
   Build: gcc -O2 dump.c -o dump -L$TL -ltorch_cpu -Wl,-rpath,$TL ; run: ./dump 0 61 /tmp/sleef_exp.bin */
#include <immintrin.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
extern __m256 Sleef_expf8_u10avx2(__m256);
extern __m256 Sleef_logf8_u10avx2(__m256);
__attribute__((target("avx2,fma"))) int main(int argc, char** argv) {
  int which = atoi(argv[1]); uint64_t step = strtoull(argv[2], 0, 10);
  FILE* f = fopen(argv[3], "wb");
  float in[8], out[8]; int k = 0;
  for (uint64_t b = 0; b <= 0xffffffffull; b += step) {
    uint32_t u = (uint32_t)b; memcpy(&in[k], &u, 4); k++;
    if (k == 8) {
      __m256 v = _mm256_loadu_ps(in);
      v = which == 0 ? Sleef_expf8_u10avx2(v) : Sleef_logf8_u10avx2(v);
      _mm256_storeu_ps(out, v); fwrite(out, 4, 8, f); k = 0;
    }
  }
  fclose(f); return 0;
}
