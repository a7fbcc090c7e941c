/*
 * The OBB-OBB separating-axis test of example_plugin.c for one scalar type,
 * included once per type with SCALAR (float or double), ABS (fabsf or fabs),
 * SAT_EPSILON (Gottschalk's epsilon in that type) and NAME(x) (x with the
 * type's suffix) defined. No include guard: it is meant to be included twice.
 *
 * Gottschalk, Lin & Manocha, "OBBTree" (SIGGRAPH 1996), in A's frame:
 *   R_ij = A_i . B_j,  T_i = A_i . (C_b - C_a),  AbsR_ij = |R_ij| + eps
 * and 15 candidate axes, strict '>' (closed boxes: touching intersects):
 *   L = A_i:       |T_i|                 > a_i + sum_j b_j AbsR_ij
 *   L = B_j:       |sum_i T_i R_ij|      > sum_i a_i AbsR_ij + b_j
 *   L = A_i x B_j: |T_i2 R_i1j - T_i1 R_i2j|
 *                    > a_i1 AbsR_i2j + a_i2 AbsR_i1j + b_j1 AbsR_ij2 + b_j2 AbsR_ij1
 * (i1 = i+1, i2 = i+2, j1 = j+1, j2 = j+2, mod 3). The epsilon keeps a cross
 * product of nearly parallel edges, whose R entries are pure rounding noise,
 * from separating boxes that overlap.
 */

/* 1 when some axis separates box `a` from box `b` (15 scalars each). */
static int NAME(separated)(const SCALAR* a, const SCALAR* b) {
  const SCALAR* ca = a;      /* center */
  const SCALAR* A = a + 3;   /* A[3*i + k]: component k of axis A_i */
  const SCALAR* ea = a + 12; /* extents */
  const SCALAR* cb = b;
  const SCALAR* B = b + 3;
  const SCALAR* eb = b + 12;
  SCALAR R[3][3], AbsR[3][3], T[3], d[3];
  int i, j, k;

  for (k = 0; k < 3; ++k) d[k] = cb[k] - ca[k];
  for (i = 0; i < 3; ++i) {
    T[i] = A[3 * i] * d[0] + A[3 * i + 1] * d[1] + A[3 * i + 2] * d[2];
    for (j = 0; j < 3; ++j) {
      R[i][j] = A[3 * i] * B[3 * j] + A[3 * i + 1] * B[3 * j + 1] + A[3 * i + 2] * B[3 * j + 2];
#ifdef SEPAX_EXAMPLE_FIXED
      AbsR[i][j] = ABS(R[i][j]) + SAT_EPSILON;
#else
      AbsR[i][j] = ABS(R[i][j]); /* PLANTED BUG: Gottschalk's epsilon forgotten */
#endif
    }
  }

  /* L = A_i */
  for (i = 0; i < 3; ++i)
    if (ABS(T[i]) > ea[i] + eb[0] * AbsR[i][0] + eb[1] * AbsR[i][1] + eb[2] * AbsR[i][2]) return 1;

  /* L = B_j */
  for (j = 0; j < 3; ++j)
    if (ABS(T[0] * R[0][j] + T[1] * R[1][j] + T[2] * R[2][j]) >
        ea[0] * AbsR[0][j] + ea[1] * AbsR[1][j] + ea[2] * AbsR[2][j] + eb[j])
      return 1;

  /* L = A_i x B_j */
  for (i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const SCALAR dist = ABS(T[i2] * R[i1][j] - T[i1] * R[i2][j]);
      const SCALAR ra = ea[i1] * AbsR[i2][j] + ea[i2] * AbsR[i1][j];
      const SCALAR rb = eb[j1] * AbsR[i][j2] + eb[j2] * AbsR[i][j1];
      if (dist > ra + rb) return 1;
    }
  }
  return 0;
}

/* The batch function of the ABI: n pairs of boxes in, one verdict each out. */
static int NAME(obb_sat_batch)(void* user, size_t n, const void* a, const void* b, const void* motion,
                               const sepax_output* out, const char** message) {
  const SCALAR* as = (const SCALAR*)a;
  const SCALAR* bs = (const SCALAR*)b;
  size_t p;
  size_t k;
  (void)user;
  (void)motion;
  for (p = 0; p < n; ++p) {
    /* How a plugin reports a failure: a status and a message, never abort(). */
    for (k = 0; k < 15; ++k)
      if (!isfinite(as[15 * p + k]) || !isfinite(bs[15 * p + k])) {
        *message = "obb_sat: input is not finite";
        return 1;
      }
    out->meets[p] = (unsigned char)!NAME(separated)(as + 15 * p, bs + 15 * p);
  }
  return 0;
}
