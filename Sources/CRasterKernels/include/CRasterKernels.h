// Pixel kernels in C so they can use AVX2 on machines that have it while the build
// still targets baseline x86-64: each AVX2 function carries its own target attribute
// and is only called after rk_avx2_enabled() said yes. Every kernel gives exactly the
// pixels of the Swift code it stands in for (same rounding, lane by lane).
#ifndef STRESSPUNCH_CRASTERKERNELS_H
#define STRESSPUNCH_CRASTERKERNELS_H

#include <stdint.h>

/// 1 when the CPU and OS support AVX2, STRESSPUNCH_SIMD=baseline is not set and
/// rk_set_avx2_enabled did not turn it off, else 0. Cheap: the CPU and the
/// environment are asked once.
int rk_avx2_enabled(void);

/// 1 when the CPU and OS support AVX2, whatever the environment or
/// rk_set_avx2_enabled said.
int rk_avx2_supported(void);

/// 1 when the environment says STRESSPUNCH_SIMD=baseline: the portable kernels
/// everywhere (app, tests, bench), so an AVX2 machine can run what a machine without
/// it runs. Same pixels, more time. Read once, at the first kernel.
int rk_simd_baseline_forced(void);

/// Turns the AVX2 kernels off (0) or back on (1) where they are usable (not where
/// STRESSPUNCH_SIMD=baseline forbids them); for tests that compare them with the
/// baseline code. Both give the same pixels.
void rk_set_avx2_enabled(int enabled);

/// Bilinear samples of a premultiplied image at 16.16 fixed-point texel coordinates,
/// `count` of them from (u, v) stepping (du, dv); every sample's four texels must lie
/// inside the image. Writes as many whole groups of 8 as fit and returns how many
/// samples it wrote (the caller does the rest). AVX2 only: call when rk_avx2_enabled().
/// With (aheadU, aheadV) not zero, each group of 8 also prefetches the texel rows its
/// samples moved by that offset will read (the same run a few rows below), spread
/// through the run so the misses stay few at a time; zero: no prefetching.
intptr_t rk_bilinear_run_avx2(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v, int32_t du, int32_t dv,
                              intptr_t count, uint32_t *out, int32_t aheadU, int32_t aheadV);

/// The same bilinear samples at `count` arbitrary points (us[i], vs[i]) in 16.16 texel
/// coordinates (a dented picture's bent points), each with its four texels inside the
/// image. Whole groups of 8, as rk_bilinear_run_avx2; returns how many it wrote.
/// A dent field's bent points for `count` pixels from `offset` (pixels from the field's
/// origin) along a row whose unbent mapping starts at (u, v) and steps (du, dv):
/// exactly DentField.sample's first loop, eight pixels a step where a whole cell lies
/// ahead. `blended` is the row's (du, dv, shade) per node column. Returns 1 when every
/// point has its four texels inside (0 <= u < insideU, 0 <= v < insideV), else 0; -1
/// where AVX2 is not compiled in (nothing written). AVX2 only.
int rk_dent_points_avx2(const int32_t *blended, intptr_t columns, intptr_t offset, int32_t u, int32_t v, int32_t du, int32_t dv,
                        intptr_t count, int32_t *pointsU, int32_t *pointsV, int32_t *shades, int32_t insideU, int32_t insideV);

intptr_t rk_bilinear_points_avx2(const uint32_t *pixels, intptr_t width, const int32_t *us, const int32_t *vs,
                                 intptr_t count, uint32_t *out);

/// Asks the cache for the texel pairs (this row and the next) that `count` samples
/// from (u, v), stepping (du, dv), will read; all must lie inside the image. Prefetches
/// only: no load waits, so a row's worth of cache misses is in flight at once. Any x86-64.
void rk_prefetch_run(const uint32_t *pixels, intptr_t width, int32_t u, int32_t v, int32_t du, int32_t dv,
                     intptr_t count);

/// Asks the cache for `count` pixels from `row`, to be written soon (so the stores
/// find their lines owned rather than each waiting for a read). Any x86-64.
void rk_prefetch_write(uint32_t *row, intptr_t count);

/// Asks for the cache lines of `count` pixels from `pixels`, to be read soon, without
/// waiting for them.
void rk_prefetch_read(const uint32_t *pixels, intptr_t count);

/// row[i] = source + Pixel.scale(row[i], by: inverse) for whole groups of 8 of the
/// `count` pixels; returns how many it did. AVX2 only.
intptr_t rk_blend_solid_avx2(uint32_t *row, intptr_t count, uint32_t source, uint32_t inverse);

/// row[i] = Pixel.over(source[i], row[i]) (premultiplied) for whole groups of 8 of
/// the `count` pixels; returns how many it did. AVX2 only.
intptr_t rk_over_avx2(const uint32_t *source, uint32_t *row, intptr_t count);

/// row[i] = value for whole groups of 8 of the `count` pixels; returns how many it
/// did. AVX2 only.
intptr_t rk_fill_avx2(uint32_t *row, intptr_t count, uint32_t value);

/// row[i] = Pixel.over(solid, row[i], coverage: c) with c = UInt32(min(1, coverage[i])
/// · 255 + 0.5), for whole groups of 8 of the `count` pixels (coverage is never
/// negative); returns how many it did. AVX2 only.
intptr_t rk_cover_solid_avx2(uint32_t *row, const float *coverage, intptr_t count, uint32_t solid);

/// row[i] = Pixel.over(solid, row[i], coverage: mask[i]) (a glyph's 8-bit mask), for
/// whole groups of 8 of the `count` pixels, leaving empty groups alone; returns how
/// many it did. AVX2 only.
intptr_t rk_mask_solid_avx2(uint32_t *row, const uint8_t *mask, intptr_t count, uint32_t solid);

/// row[i] = Pixel.over(Pixel.lerp(s, Pixel.scale(flash, by: s >> 24), weight), row[i],
/// coverage: fade) for s = samples[i] (weight 0...256, fade 0...255: a transformed
/// picture's flash and fade), for whole groups of 8 of the `count` pixels; returns how
/// many it did. AVX2 only.
intptr_t rk_tint_over_avx2(const uint32_t *samples, uint32_t *row, intptr_t count, uint32_t flash, uint32_t weight,
                           uint32_t fade);

/// A soft shadow's coverage along a row: coverage[i] for pixel x + i is Shaders'
/// shadowCoverage(qx: |x + i + 0.5 − centerX| − inner, qy:, radius:, scale:), the
/// blurred rounded rectangle at that pixel. Whole groups of 8 of the `count`; returns
/// how many it wrote. AVX2 only.
intptr_t rk_shadow_coverage_avx2(float *coverage, int32_t x, intptr_t count, float centerX, float inner, float qy, float radius,
                                 float scale);

#endif
