#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// Lane for lane the Swift code's arithmetic (Shaders/Shadow.swift: shadowCoverage and
// approximateErf): the same operations in the same order, each correctly rounded
// (no FMA, no reciprocal estimate), so the two give the same floats.
__attribute__((target("avx2"))) intptr_t rk_shadow_coverage_avx2(float *coverage, int32_t x, intptr_t count, float centerX,
                                                                 float inner, float qy, float radius, float scale) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1), half = _mm256_set1_ps(0.5f);
    const __m256 magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF));
    const __m256 negative = _mm256_castsi256_ps(_mm256_set1_epi32((int)0x80000000u));
    const __m256 c1 = _mm256_set1_ps(0.278393f), c2 = _mm256_set1_ps(0.230389f);
    const __m256 c3 = _mm256_set1_ps(0.000972f), c4 = _mm256_set1_ps(0.078108f);
    const __m256 center = _mm256_set1_ps(centerX), innerEdge = _mm256_set1_ps(inner);
    const __m256 rowQ = _mm256_set1_ps(qy), r = _mm256_set1_ps(radius), k = _mm256_set1_ps(scale);
    const float oyScalar = qy > 0 ? qy : 0;
    const __m256 oySquared = _mm256_set1_ps(oyScalar * oyScalar);
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 xs = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(x + (int32_t)i), steps));
        // qx = |x + 0.5 − centre| − (half width − radius)
        __m256 qx = _mm256_sub_ps(_mm256_and_ps(_mm256_sub_ps(_mm256_add_ps(xs, half), center), magnitude), innerEdge);
        __m256 ox = _mm256_max_ps(qx, zero);
        __m256 length = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(ox, ox), oySquared));
        __m256 inside = _mm256_min_ps(_mm256_max_ps(qx, rowQ), zero);
        __m256 distance = _mm256_sub_ps(_mm256_add_ps(length, inside), r);
        __m256 value = _mm256_mul_ps(distance, k);
        // erf(value), Abramowitz and Stegun 7.1.27, its sign put back after.
        __m256 a = _mm256_and_ps(value, magnitude);
        __m256 t = _mm256_add_ps(c3, _mm256_mul_ps(a, c4));
        t = _mm256_add_ps(c2, _mm256_mul_ps(a, t));
        t = _mm256_add_ps(c1, _mm256_mul_ps(a, t));
        t = _mm256_add_ps(one, _mm256_mul_ps(a, t));
        __m256 t2 = _mm256_mul_ps(t, t);
        __m256 erf = _mm256_sub_ps(one, _mm256_div_ps(one, _mm256_mul_ps(t2, t2)));
        erf = _mm256_xor_ps(erf, _mm256_and_ps(_mm256_cmp_ps(value, zero, _CMP_LT_OQ), negative));
        _mm256_storeu_ps(coverage + i, _mm256_mul_ps(half, _mm256_sub_ps(one, erf)));
    }
    return i;
}

#else

intptr_t rk_shadow_coverage_avx2(float *coverage, int32_t x, intptr_t count, float centerX, float inner, float qy, float radius,
                                 float scale) {
    (void)coverage; (void)x; (void)count; (void)centerX; (void)inner; (void)qy; (void)radius; (void)scale;
    return 0;
}

#endif
