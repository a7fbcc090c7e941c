/*
 * The OBB-OBB contact manifold of box_box_manifold.c for one scalar type,
 * included once per type with S (float or double), ABS and SQRT (fabsf,
 * sqrtf or fabs, sqrt), S_UNIT_ROUNDOFF (the type's unit roundoff), S_MIN
 * (its smallest normal number), S_INF (+infinity) and NAME(x) (x with the
 * type's suffix) defined. No include guard: it is meant to be included twice.
 *
 * Everything is computed in A's frame or in the reference box's frame,
 * relative to a box center, and mapped to world coordinates at the end, so
 * that rounding errors scale with the boxes' sizes and distance, not with
 * their distance from the origin. A box is 15 scalars: center xyz, axis0 xyz,
 * axis1 xyz, axis2 xyz, extents e0 e1 e2.
 */

/* One box seen from some frame: its center, axes (ax[k] = axis k) and extents. */
typedef struct NAME(box) {
  S c[3];
  S ax[3][3];
  S e[3];
} NAME(box);

/* A polygon of up to 10 corners (a quadrilateral clipped by up to 6 planes). */
typedef struct NAME(polygon) {
  S v[10][3];
  int n;
} NAME(polygon);

static S NAME(dot)(const S* x, const S* y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }
static S NAME(sign_of)(S x) { return x < (S)0 ? (S)-1 : (S)1; }
static S NAME(min)(S x, S y) { return y < x ? y : x; }
static S NAME(max)(S x, S y) { return x < y ? y : x; }
static S NAME(clamp)(S x, S lo, S hi) { return x < lo ? lo : (hi < x ? hi : x); }
static void NAME(copy)(S* to, const S* from) { to[0] = from[0], to[1] = from[1], to[2] = from[2]; }
/* to = x + t * y */
static void NAME(axpy)(S* to, const S* x, S t, const S* y) {
  S r[3];
  r[0] = x[0] + t * y[0], r[1] = x[1] + t * y[1], r[2] = x[2] + t * y[2];
  NAME(copy)(to, r);
}

/* e_i x v in A's frame: A_i x B_j when v holds B_j's components in A's frame. */
static void NAME(unit_cross)(int i, const S* v, S* out) {
  if (i == 0) out[0] = (S)0, out[1] = -v[2], out[2] = v[1];
  else if (i == 1) out[0] = v[2], out[1] = (S)0, out[2] = -v[0];
  else out[0] = -v[1], out[1] = v[0], out[2] = (S)0;
}

/* Keeps the part of `in` where sign * x[k] <= limit (one Sutherland-Hodgman
 * pass against a slab plane of the reference box). A crossing point is
 * interpolated from p, and its coordinate k set to the plane exactly. */
static void NAME(clip)(const NAME(polygon)* in, int k, S sign, S limit, NAME(polygon)* out) {
  int c;
  out->n = 0;
  for (c = 0; c < in->n; ++c) {
    const S* p = in->v[c];
    const S* q = in->v[(c + 1) % in->n];
    const S dp = sign * p[k] - limit, dq = sign * q[k] - limit;
    if (dp <= (S)0 && out->n < 10) NAME(copy)(out->v[out->n++], p);
    if (((dp < (S)0 && dq > (S)0) || (dp > (S)0 && dq < (S)0)) && out->n < 10) {
      const S t = dp / (dp - dq); /* in (0, 1) */
      S x[3], qp[3];
      qp[0] = q[0] - p[0], qp[1] = q[1] - p[1], qp[2] = q[2] - p[2];
      NAME(axpy)(x, p, t, qp);
      x[k] = sign * limit;
      NAME(copy)(out->v[out->n++], x);
    }
  }
}

/* Keeps the part of `in` where m . x <= h (a pass against any plane). */
static void NAME(clip_plane)(const NAME(polygon)* in, const S* m, S h, NAME(polygon)* out) {
  int c;
  out->n = 0;
  for (c = 0; c < in->n; ++c) {
    const S* p = in->v[c];
    const S* q = in->v[(c + 1) % in->n];
    const S dp = NAME(dot)(m, p) - h, dq = NAME(dot)(m, q) - h;
    if (dp <= (S)0 && out->n < 10) NAME(copy)(out->v[out->n++], p);
    if (((dp < (S)0 && dq > (S)0) || (dp > (S)0 && dq < (S)0)) && out->n < 10) {
      S qp[3];
      qp[0] = q[0] - p[0], qp[1] = q[1] - p[1], qp[2] = q[2] - p[2];
      NAME(axpy)(out->v[out->n++], p, dp / (dp - dq), qp);
    }
  }
}

/* More than 8 corners: the corner nearest the line through its neighbours
 * goes (it changes the polygon least). */
static void NAME(drop_flattest)(NAME(polygon)* p) {
  int c, worst = 0;
  S least = S_INF;
  for (c = 0; c < p->n; ++c) {
    const S* prev = p->v[(c + p->n - 1) % p->n];
    const S* next = p->v[(c + 1) % p->n];
    S e[3], w[3], x[3], len, dist;
    int k;
    for (k = 0; k < 3; ++k) e[k] = next[k] - prev[k], w[k] = p->v[c][k] - prev[k];
    len = SQRT(NAME(dot)(e, e));
    if (len > (S)0) {
      x[0] = e[1] * w[2] - e[2] * w[1], x[1] = e[2] * w[0] - e[0] * w[2], x[2] = e[0] * w[1] - e[1] * w[0];
      dist = SQRT(NAME(dot)(x, x)) / len;
    } else {
      dist = SQRT(NAME(dot)(w, w));
    }
    if (dist < least) least = dist, worst = c;
  }
  for (c = worst; c + 1 < p->n; ++c) NAME(copy)(p->v[c], p->v[c + 1]);
  --p->n;
}

/* Face contact, in the reference box R's frame (R at the origin, unit axes,
 * extents r_ext): R's face k on side `side` (+-1) faces the incident box I
 * (given in R's frame). Writes the clipped incident corners on or below that
 * face to out and returns how many; with none, the reference face inside I;
 * with none either, the deepest corner of I. Every plane is moved out by tol,
 * a fraction of the rounding band, so that boxes touching along an edge or
 * at a corner keep their contact points instead of rounding them away. */
static int NAME(face_contact)(const S* r_ext, int k, S side, const NAME(box)* inc, S tol, S out[8][3]) {
  NAME(polygon) poly, tmp, kept;
  int m = 0, j, c, pass;
  const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
  S m_sign, fc[3], u[3], w[3];
  /* The incident face: the face of I whose outward normal is most opposed to side * e_k. */
  for (j = 1; j < 3; ++j)
    if (ABS(inc->ax[j][k]) > ABS(inc->ax[m][k])) m = j;
  m_sign = -side * NAME(sign_of)(inc->ax[m][k]); /* the face's outward normal: m_sign * I_m */
  {
    const int p = (m + 1) % 3, q = (m + 2) % 3;
    for (j = 0; j < 3; ++j) {
      fc[j] = inc->c[j] + (m_sign * inc->e[m]) * inc->ax[m][j];
      u[j] = inc->e[p] * inc->ax[p][j];
      w[j] = inc->e[q] * inc->ax[q][j];
    }
  }
  poly.n = 4;
  for (j = 0; j < 3; ++j) {
    poly.v[0][j] = fc[j] + u[j] + w[j];
    poly.v[1][j] = fc[j] - u[j] + w[j];
    poly.v[2][j] = fc[j] - u[j] - w[j];
    poly.v[3][j] = fc[j] + u[j] - w[j];
  }
  /* The reference face's four side planes... */
  for (pass = 0; pass < 4; ++pass) {
    const int axis = pass < 2 ? k1 : k2;
    const S s = (pass % 2 == 0) ? (S)1 : (S)-1;
    NAME(clip)(&poly, axis, s, r_ext[axis] + tol, &tmp);
    poly = tmp;
  }
  /* ...and the reference box's far face: deep in (a flat reference box, or one
   * nested in the incident box along the normal), the incident face reaches
   * beyond it, out of the reference box. */
  NAME(clip)(&poly, k, -side, r_ext[k] + tol, &tmp);
  poly = tmp;
  /* The corners on or below the reference face. */
  kept.n = 0;
  for (c = 0; c < poly.n; ++c)
    if (side * poly.v[c][k] <= r_ext[k] + tol) NAME(copy)(kept.v[kept.n++], poly.v[c]);
  while (kept.n > 8) NAME(drop_flattest)(&kept);
  for (c = 0; c < kept.n; ++c) NAME(copy)(out[c], kept.v[c]);
  if (kept.n > 0) return kept.n;

  /* The incident face lies wholly beyond the reference box (nested in the
   * incident box along the normal): the boxes meet where the reference face
   * lies inside the incident box, so that face clipped to I's slabs. */
  {
    NAME(polygon) ref;
    S rc[3] = {0, 0, 0}, ru[3] = {0, 0, 0}, rw[3] = {0, 0, 0};
    rc[k] = side * r_ext[k];
    ru[k1] = r_ext[k1];
    rw[k2] = r_ext[k2];
    ref.n = 4;
    for (j = 0; j < 3; ++j) {
      ref.v[0][j] = rc[j] + ru[j] + rw[j];
      ref.v[1][j] = rc[j] - ru[j] + rw[j];
      ref.v[2][j] = rc[j] - ru[j] - rw[j];
      ref.v[3][j] = rc[j] + ru[j] - rw[j];
    }
    for (j = 0; j < 3; ++j) {
      const S at = NAME(dot)(inc->ax[j], inc->c);
      S neg[3];
      neg[0] = -inc->ax[j][0], neg[1] = -inc->ax[j][1], neg[2] = -inc->ax[j][2];
      NAME(clip_plane)(&ref, inc->ax[j], inc->e[j] + tol + at, &tmp);
      NAME(clip_plane)(&tmp, neg, inc->e[j] + tol - at, &ref);
    }
    while (ref.n > 8) NAME(drop_flattest)(&ref);
    for (c = 0; c < ref.n; ++c) NAME(copy)(out[c], ref.v[c]);
    if (ref.n > 0) return ref.n;
  }
  /* Nothing left but rounding: the corner of I deepest along -side * e_k. */
  NAME(copy)(out[0], inc->c);
  for (j = 0; j < 3; ++j)
    NAME(axpy)(out[0], out[0], -(side * NAME(sign_of)(inc->ax[j][k]) * inc->e[j]), inc->ax[j]);
  return 1;
}

/* How far a ray from p (inside the box, up to rounding) along the unit
 * vector v runs before it leaves the box, slab by slab; 0 when p is outside. */
static S NAME(leaving)(const NAME(box)* box, const S* p, const S* v) {
  S t = S_INF, r[3];
  int k;
  for (k = 0; k < 3; ++k) r[k] = p[k] - box->c[k];
  for (k = 0; k < 3; ++k) {
    const S y = NAME(dot)(box->ax[k], r), w = NAME(dot)(box->ax[k], v);
    if (w > (S)0) t = NAME(min)(t, (box->e[k] - y) / w);
    if (w < (S)0) t = NAME(min)(t, (box->e[k] + y) / -w);
  }
  return NAME(max)(t, (S)0);
}

/* How far p lies outside the box, slab by slab (0 inside). */
static S NAME(outside)(const NAME(box)* box, const S* p) {
  S worst = (S)0, r[3];
  int k;
  for (k = 0; k < 3; ++k) r[k] = p[k] - box->c[k];
  for (k = 0; k < 3; ++k) worst = NAME(max)(worst, ABS(NAME(dot)(box->ax[k], r)) - box->e[k]);
  return worst;
}

/* The part [*lo, *hi] of the segment p + t v, |t| <= h, inside the box grown
 * by tol (slab clipping); returns 0 when the segment misses it. */
static int NAME(inside_part)(const NAME(box)* box, const S* p, const S* v, S h, S tol, S* lo, S* hi) {
  S r[3];
  int k;
  *lo = -h, *hi = h;
  for (k = 0; k < 3; ++k) r[k] = p[k] - box->c[k];
  for (k = 0; k < 3; ++k) {
    const S y = NAME(dot)(box->ax[k], r), w = NAME(dot)(box->ax[k], v);
    const S e = box->e[k] + tol;
    S t0, t1;
    if (w == (S)0) {
      if (ABS(y) > e) return 0;
      continue;
    }
    t0 = (-e - y) / w, t1 = (e - y) / w;
    if (t0 > t1) {
      const S swap = t0;
      t0 = t1, t1 = swap;
    }
    *lo = NAME(max)(*lo, t0);
    *hi = NAME(min)(*hi, t1);
  }
  return *lo <= *hi;
}

/* A point of both boxes for when the supporting edges miss: the middle of the
 * part of an edge of one box inside the other (grown by tol), the one nearest
 * `hint`; failing that, the center of a box inside the other. Returns 0 when
 * there is none. (Two boxes that meet, neither holding the other: an edge of
 * one meets the other.) */
static int NAME(meeting_point)(const NAME(box)* a, const NAME(box)* b, S tol, const S* hint, S* out) {
  int found = 0, o, i;
  S best_d = S_INF;
  for (o = 0; o < 2; ++o) {
    const NAME(box)* owner = o == 0 ? a : b;
    const NAME(box)* other = o == 0 ? b : a;
    for (i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      int corner;
      for (corner = 0; corner < 4; ++corner) {
        const S sj = (corner & 1) ? (S)1 : (S)-1, sk = (corner & 2) ? (S)1 : (S)-1;
        S mid[3], p[3], lo, hi, d;
        NAME(axpy)(mid, owner->c, sj * owner->e[j], owner->ax[j]);
        NAME(axpy)(mid, mid, sk * owner->e[k], owner->ax[k]);
        if (!NAME(inside_part)(other, mid, owner->ax[i], owner->e[i], tol, &lo, &hi)) continue;
        NAME(axpy)(p, mid, (S)0.5 * (lo + hi), owner->ax[i]); /* the middle of the part */
        d = (p[0] - hint[0]) * (p[0] - hint[0]) + (p[1] - hint[1]) * (p[1] - hint[1]) +
            (p[2] - hint[2]) * (p[2] - hint[2]);
        if (d < best_d) best_d = d, found = 1, NAME(copy)(out, p);
      }
    }
  }
  if (found) return 1;
  if (NAME(outside)(b, a->c) <= tol) return NAME(copy)(out, a->c), 1;
  if (NAME(outside)(a, b->c) <= tol) return NAME(copy)(out, b->c), 1;
  return 0;
}

/* Edge-edge contact, in A's frame (A at the origin with unit axes and extents
 * a_ext; b is B in A's frame; n the unit normal from A to B): the supporting
 * edges along e_i (A's edge furthest along n) and B_j (B's edge furthest
 * against n), and the point between their closest points that lies in both
 * boxes (Gaul's midpoint, unless a thin box does not reach it). */
static void NAME(edge_contact)(const S* a_ext, int i, const NAME(box)* b, int j, const S* n, S tol, S* x) {
  NAME(box) a_local;
  S pa[3] = {0, 0, 0}, pb[3], r[3], on_a[3], on_b[3], v[3];
  const S* db = b->ax[j];
  S c, dbr, dd, den, s = (S)0, t = (S)0, len, ta = (S)0, tb = (S)0;
  int k, m, has_a, has_b;
  for (k = 0; k < 3; ++k)
    if (k != i) pa[k] = NAME(sign_of)(n[k]) * a_ext[k];
  NAME(copy)(pb, b->c);
  for (m = 0; m < 3; ++m)
    if (m != j) NAME(axpy)(pb, pb, -(NAME(sign_of)(NAME(dot)(b->ax[m], n)) * b->e[m]), b->ax[m]);
  /* Closest points of pa + s e_i and pb + t db: with r = pa - pb, c = e_i . db,
   * s = (c (db . r) - r_i |db|^2) / den, t = (db . r + c s) / |db|^2, den = |db|^2 - c^2. */
  for (k = 0; k < 3; ++k) r[k] = pa[k] - pb[k];
  c = db[i], dbr = NAME(dot)(db, r), dd = NAME(dot)(db, db);
  den = dd - c * c;
  if (den > (S)0) {
    s = NAME(clamp)((c * dbr - r[i] * dd) / den, -a_ext[i], a_ext[i]);
    t = NAME(clamp)((dbr + c * s) / dd, -b->e[j], b->e[j]);
    s = NAME(clamp)(c * t - r[i], -a_ext[i], a_ext[i]); /* s again, for the clamped t */
  }
  NAME(copy)(on_a, pa);
  on_a[i] += s;
  NAME(axpy)(on_b, pb, t, db);

  for (k = 0; k < 3; ++k) {
    a_local.c[k] = (S)0;
    a_local.e[k] = a_ext[k];
    for (m = 0; m < 3; ++m) a_local.ax[k][m] = k == m ? (S)1 : (S)0;
  }
  /* The part of the segment from on_b to on_a inside both boxes: B holds it
   * from on_b up to where it leaves B, A from where it enters A; its middle.
   * (Gaul's midpoint when the boxes are thicker than the depth along n.) */
  for (k = 0; k < 3; ++k) x[k] = (S)0.5 * (on_a[k] + on_b[k]), v[k] = on_a[k] - on_b[k];
  len = SQRT(NAME(dot)(v, v));
  if (len > (S)0) {
    S dir[3], back[3], in_a, in_b, from, to;
    for (k = 0; k < 3; ++k) dir[k] = v[k] / len, back[k] = -dir[k];
    in_b = NAME(leaving)(b, on_b, dir);
    in_a = NAME(leaving)(&a_local, on_a, back);
    from = NAME(max)((S)0, len - in_a), to = NAME(min)(len, in_b);
    if (from <= to) NAME(axpy)(x, on_b, (S)0.5 * (from + to), dir);
  }
  if (NAME(outside)(&a_local, x) <= tol && NAME(outside)(b, x) <= tol) return;
  /* Outside a box: nearly parallel edges, whose closest points slide along
   * them by about u / sin^2 of their angle (and the gap between the edges
   * across n by u / sin of it, far more than tol), or a flat box that the
   * segment between the closest points does not cross. The part of each
   * supporting edge inside the other box (slab clipping, robust), and on it
   * the point nearest the closest point found (s, t): both lie in both boxes,
   * and so does their middle. Failing both, any edge's part. */
  {
    S dir_a[3] = {0, 0, 0}, on_a_part[3], on_b_part[3], lo, hi;
    dir_a[i] = (S)1;
    has_a = NAME(inside_part)(b, pa, dir_a, a_ext[i], tol, &lo, &hi);
    if (has_a) ta = NAME(clamp)(s, lo, hi);
    has_b = NAME(inside_part)(&a_local, pb, db, b->e[j], tol, &lo, &hi);
    if (has_b) tb = NAME(clamp)(t, lo, hi);
    NAME(copy)(on_a_part, pa);
    if (has_a) on_a_part[i] += ta;
    NAME(axpy)(on_b_part, pb, has_b ? tb : (S)0, db);
    if (has_a && has_b) {
      for (k = 0; k < 3; ++k) x[k] = (S)0.5 * (on_a_part[k] + on_b_part[k]);
      return;
    }
    if (has_a || has_b) {
      NAME(copy)(x, has_a ? on_a_part : on_b_part);
      return;
    }
  }
  {
    /* Neither supporting edge reaches into the other box (thin boxes deep in,
     * flat ones crossing elsewhere): a point where any edge does. */
    S hint[3], p[3] = {0, 0, 0};
    NAME(copy)(hint, x);
    if (NAME(meeting_point)(&a_local, b, tol, hint, p)) NAME(copy)(x, p);
  }
}

/* x (in the frame of the box at c with axes ax) in world coordinates. */
static void NAME(to_world)(const S* c, const S* ax, const S* x, S* out) {
  int k;
  for (k = 0; k < 3; ++k) out[k] = c[k] + x[0] * ax[k] + x[1] * ax[3 + k] + x[2] * ax[6 + k];
}

/* The manifold of boxes a and b (15 scalars each). */
static void NAME(find_manifold)(const S* a, const S* b, unsigned char* contact, S* normal, S* depth,
                                int32_t* count, S* points) {
  const S* ca = a;      /* center */
  const S* A = a + 3;   /* A[3 * i + k]: component k of axis A_i */
  const S* ea = a + 12; /* extents */
  const S* cb = b;
  const S* B = b + 3;
  const S* eb = b + 12;
  S D[3], d[3], col[3][3]; /* col[j] = B_j in A's frame */
  S size, dmax = (S)0, band, tie;
  S best_s = -S_INF, best_l[3] = {0, 0, 0}, edge_s = -S_INF, along, n[3], len;
  int best_kind = 0, best_index = 0; /* kind 0: face of A, 1: face of B, 2: edge-edge */
  int edge_code = -1;                /* the best edge axis A_i x B_j, as 3 i + j */
  int ei = 0, ej = 0;                /* its i and j, decoded */
  int i, j, k;

  *contact = 0, *depth = (S)0, *count = 0;
  normal[0] = normal[1] = normal[2] = (S)0;
  for (k = 0; k < 24; ++k) points[k] = (S)0;

  for (k = 0; k < 3; ++k) D[k] = cb[k] - ca[k];
  for (i = 0; i < 3; ++i) {
    d[i] = NAME(dot)(A + 3 * i, D);
    for (j = 0; j < 3; ++j) col[j][i] = NAME(dot)(A + 3 * i, B + 3 * j);
    dmax = NAME(max)(dmax, ABS(d[i]));
  }
  /* Separations s(L) / |L| of the 15 axes, the largest kept. Faces win ties
   * against edges within `tie`, a few dozen ulps of the boxes' sizes and
   * distance (the scale of the rounding of these separations): nearly
   * parallel frames make edge axes that duplicate a face normal, and the face
   * contact, with its whole polygon, is the manifold a solver needs. */
  size = ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2];
  band = (S)64 * S_UNIT_ROUNDOFF * (size + dmax);
  tie = (S)24 * S_UNIT_ROUNDOFF * (dmax + (S)2 * size);
  for (i = 0; i < 3; ++i) { /* L = A_i */
    const S r1 = eb[0] * ABS(col[0][i]) + eb[1] * ABS(col[1][i]) + eb[2] * ABS(col[2][i]);
    const S s = ABS(d[i]) - (ea[i] + r1);
    if (s > (S)0) return;
    if (s > best_s) {
      best_s = s, best_kind = 0, best_index = i;
      best_l[0] = best_l[1] = best_l[2] = (S)0;
      best_l[i] = (S)1;
    }
  }
  for (j = 0; j < 3; ++j) { /* L = B_j */
    const S r0 = ea[0] * ABS(col[j][0]) + ea[1] * ABS(col[j][1]) + ea[2] * ABS(col[j][2]);
    const S s = ABS(NAME(dot)(col[j], d)) - (r0 + eb[j]);
    if (s > (S)0) return;
    if (s > best_s) best_s = s, best_kind = 1, best_index = j, NAME(copy)(best_l, col[j]);
  }
  for (i = 0; i < 3; ++i) /* L = A_i x B_j, unnormalised: rounding errors proportional to |L| */
    for (j = 0; j < 3; ++j) {
      const int m1 = (j + 1) % 3, m2 = (j + 2) % 3;
      S l[3], r, r0, r1, ll, s;
      NAME(unit_cross)(i, col[j], l);
      r = ABS(NAME(dot)(l, d));
      r0 = ea[0] * ABS(l[0]) + ea[1] * ABS(l[1]) + ea[2] * ABS(l[2]);
      r1 = eb[m1] * ABS(NAME(dot)(l, col[m1])) + eb[m2] * ABS(NAME(dot)(l, col[m2]));
      if (r > r0 + r1) return;
      ll = NAME(dot)(l, l);
      /* Exactly parallel edges (or |L|^2 below the normal range): no axis. */
      if (!(ll >= S_MIN * (S)16)) continue;
      s = (r - (r0 + r1)) / SQRT(ll);
      if (s > edge_s) edge_s = s, edge_code = 3 * i + j;
    }
  if (edge_code >= 0 && edge_s > best_s + tie) {
    S l[3];
#ifdef FIXED
    ei = edge_code / 3, ej = edge_code % 3;
#else
    ei = edge_code % 3, ej = edge_code / 3; /* PLANTED BUG: i and j swapped, the normal is A_j x B_i */
#endif
    NAME(unit_cross)(ei, col[ej], l);
    best_s = edge_s, best_kind = 2;
    if (NAME(dot)(l, l) > (S)0) NAME(copy)(best_l, l); /* else keep the face's: never divide by 0 */
  }

  *contact = 1;
  *depth = best_s < (S)0 ? -best_s : (S)0;
  /* The normal in A's frame, from A towards B (the sign of L . D). Every
   * later choice of side follows this one sign, never a recomputation of
   * L . D: with the centers aligned across L, two roundings of that zero
   * could disagree and put the reference face on the wrong side. */
  along = NAME(dot)(best_l, d) < (S)0 ? (S)-1 : (S)1;
  len = SQRT(NAME(dot)(best_l, best_l));
  for (k = 0; k < 3; ++k) n[k] = (along / len) * best_l[k];
  for (k = 0; k < 3; ++k) normal[k] = n[0] * A[k] + n[1] * A[3 + k] + n[2] * A[6 + k];

  if (best_kind == 0) {
    /* A's face is the reference, in A's frame; B as seen from A. A's face
     * towards B has outward normal +normal = along * A_i. */
    NAME(box) inc;
    S local[8][3];
    int c;
    for (k = 0; k < 3; ++k) {
      inc.c[k] = d[k];
      inc.e[k] = eb[k];
      for (j = 0; j < 3; ++j) inc.ax[j][k] = col[j][k];
    }
    *count = NAME(face_contact)(ea, best_index, along, &inc, band / (S)32, local);
    for (c = 0; c < *count; ++c) NAME(to_world)(ca, A, local[c], points + 3 * c);
  } else if (best_kind == 1) {
    /* B's face is the reference; A seen from B: center -B^T D, axes the rows
     * of col. B's face towards A has outward normal -normal = -along * B_j. */
    NAME(box) inc;
    S local[8][3];
    int c;
    for (j = 0; j < 3; ++j) inc.c[j] = -NAME(dot)(col[j], d);
    for (i = 0; i < 3; ++i)
      for (j = 0; j < 3; ++j) inc.ax[i][j] = col[j][i];
    for (k = 0; k < 3; ++k) inc.e[k] = ea[k];
    *count = NAME(face_contact)(eb, best_index, -along, &inc, band / (S)32, local);
    for (c = 0; c < *count; ++c) NAME(to_world)(cb, B, local[c], points + 3 * c);
  } else {
    NAME(box) bl;
    S x[3];
    for (k = 0; k < 3; ++k) {
      bl.c[k] = d[k];
      bl.e[k] = eb[k];
      for (j = 0; j < 3; ++j) bl.ax[j][k] = col[j][k];
    }
    NAME(edge_contact)(ea, ei, &bl, ej, n, band / (S)4, x);
    NAME(to_world)(ca, A, x, points);
    *count = 1;
  }
}

/* The batch function of the ABI, version 2: inputs box a, box b; answers
 * contact u8, normal 3s, depth s, count i32, points 24s. */
static int NAME(box_box_batch)(void* user, size_t n, const void* const* inputs, void* const* answers,
                               const char** message) {
  const S* as = (const S*)inputs[0];
  const S* bs = (const S*)inputs[1];
  unsigned char* contact = (unsigned char*)answers[0];
  S* normal = (S*)answers[1];
  S* depth = (S*)answers[2];
  int32_t* count = (int32_t*)answers[3];
  S* points = (S*)answers[4];
  size_t p, k;
  (void)user;
  for (p = 0; p < n; ++p) {
    /* How a plugin reports a failure: a status and a message, never abort(). */
    for (k = 0; k < 15; ++k)
      if (!isfinite(as[15 * p + k]) || !isfinite(bs[15 * p + k])) {
        *message = "box_box: input is not finite";
        return 1;
      }
    NAME(find_manifold)(as + 15 * p, bs + 15 * p, contact + p, normal + 3 * p, depth + p, count + p,
                        points + 24 * p);
  }
  return 0;
}
