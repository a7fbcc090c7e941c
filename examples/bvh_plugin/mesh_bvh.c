/*
 * An example sepax plugin (ABI version 2) in plain C99: mesh-mesh queries
 * through a small bounding-volume hierarchy of the user's own -- query
 * "mesh_mesh", mode "find_pairs" (sepax/sepax_plugin.h, "Mesh pairs"): for
 * each pose of mesh B in A's frame, every pair of triangles (A's, posed B's)
 * that meets, and whether there is one. Closed sets: touching counts.
 *
 *   1. B's vertices are posed, x' = R x + t, in double.
 *   2. An AABB tree over each mesh's triangles: binary, split at the median
 *      of the triangles' centroids along the longest axis of their bounds,
 *      leaves of 1 to 4 triangles. A's is built once per batch call, B's once
 *      per pose.
 *   3. Both trees are walked together from their roots: a pair of nodes whose
 *      boxes overlap (touching boxes do) goes on to the four pairs of their
 *      children, or, when one node is a leaf, to the other's two children;
 *      two leaves have their triangles tested pair by pair. Each pair of
 *      leaves is reached at most once, so each pair of triangles is added
 *      at most once.
 *   4. The triangle test (triangles_meet) is a separating-axis test in double
 *      that is right up to rounding on touching and coplanar triangles, on
 *      nearly parallel edges (their cross products formed accurately) and on
 *      degenerate triangles (segments, points).
 *
 * Both kernels compute in double: the float kernel converts its float
 * vertices and poses to double (exactly) and runs the same code, so that it
 * answers for exactly the shapes it was given, with less rounding than the
 * float band allows.
 *
 * It carries a PLANTED bug: when both nodes of a pair are internal, the pair
 * (right child of A's node, right child of B's node) is never visited, so the
 * triangle pairs below it are never found. `sepax verify --query mesh_mesh
 * --plugin ...` finds it as gross answers (missed pairs) at near-contact
 * poses. Compiled with -DFIXED all four pairs are visited, and the plugin is
 * named "mybvh_fixed" so that both can be loaded side by side.
 *
 * Reentrant: no global mutable state; every call allocates what it needs and
 * frees it before returning. (A kernel may instead cache A's tree by the
 * mesh's `id`, behind a lock: sepax calls from several threads.)
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sepax/sepax_plugin.h"

#ifdef FIXED
#define MYBVH_PLUGIN_NAME "mybvh_fixed"
#else
#define MYBVH_PLUGIN_NAME "mybvh"
#endif

/* At most this many triangles in a leaf. */
#define LEAF_SIZE 4

/* ---------------------------------------------------------------------------
 * The triangle-triangle test.
 * ------------------------------------------------------------------------- */

static double dot3(const double* x, const double* y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }
static void sub3(double* r, const double* x, const double* y) {
  r[0] = x[0] - y[0], r[1] = x[1] - y[1], r[2] = x[2] - y[2];
}
static double min3(double x, double y, double z) { return x < y ? (x < z ? x : z) : (y < z ? y : z); }
static double max3(double x, double y, double z) { return x > y ? (x > z ? x : z) : (y > z ? y : z); }

/* Whether c = g x h is negligible beside |g||h|: g and h parallel to within
 * about 1e-15 rad, or one of them zero. Such an axis is skipped (made zero:
 * the zero vector separates nothing). The fourth powers compared are meant
 * for sizes and distances between about 1e-40 and 1e40: no underflow or
 * overflow. */
static int negligible(const double* c, const double* g, const double* h) {
  return dot3(c, c) <= 1e-30 * dot3(g, g) * dot3(h, h);
}

/* r = g x h, or zero when negligible. */
static void cross_or_zero(double* r, const double* g, const double* h) {
  double c[3];
  c[0] = g[1] * h[2] - g[2] * h[1];
  c[1] = g[2] * h[0] - g[0] * h[2];
  c[2] = g[0] * h[1] - g[1] * h[0];
  if (negligible(c, g, h)) c[0] = c[1] = c[2] = 0.0;
  r[0] = c[0], r[1] = c[1], r[2] = c[2];
}

/* x1 - x0 = *hi + *lo exactly (Knuth's TwoSum). */
static void exact_difference(double x1, double x0, double* hi, double* lo) {
  const double h = x1 - x0, b = h - x1;
  *hi = h;
  *lo = (x1 - (h - b)) + (-x0 - b);
}

/* a b - c d to within about 1.5 ulp of the result (Kahan's algorithm; fma
 * rounds once, whatever the compiler's contraction settings). */
static double difference_of_products(double a, double b, double c, double d) {
  const double w = c * d;
  return fma(a, b, -w) + fma(-c, d, w);
}

/* r = e x f for the edges e = x1 - x0 and f = y1 - y0 of stored vertices
 * (e and f as already computed, rounded), or zero when negligible. The
 * direction of the cross product of nearly parallel edges (angle theta) is
 * ill-conditioned: rounding the edges alone turns it by about u/theta
 * (u = 2^-53), and a pair separated along the exact e x f by less than about
 * u*size/theta would be called intersecting -- far beyond rounding for theta
 * ~ 1e-8 (sepax's tri_tri campaign finds such pairs in its parallel-edges
 * family). So when the plain product cancels (|e x f|^2 below
 * 2^-8 |e|^2 |f|^2), it is recomputed from the exact edges, hi + lo, with
 * the leading products formed accurately: a few ulps for every theta >> u^2. */
static void edge_cross(double* r, const double* x0, const double* x1, const double* y0, const double* y1,
                       const double* e, const double* f) {
  double c[3];
  int k;
  c[0] = e[1] * f[2] - e[2] * f[1];
  c[1] = e[2] * f[0] - e[0] * f[2];
  c[2] = e[0] * f[1] - e[1] * f[0];
  if (dot3(c, c) < 0x1p-8 * dot3(e, e) * dot3(f, f)) {
    double eh[3], el[3], fh[3], fl[3];
    for (k = 0; k < 3; ++k) {
      exact_difference(x1[k], x0[k], &eh[k], &el[k]);
      exact_difference(y1[k], y0[k], &fh[k], &fl[k]);
    }
    for (k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      c[k] = difference_of_products(eh[i], fh[j], eh[j], fh[i]) +
             ((eh[i] * fl[j] + el[i] * fh[j]) - (eh[j] * fl[i] + el[j] * fh[i]));
    }
  }
  if (negligible(c, e, f)) c[0] = c[1] = c[2] = 0.0;
  r[0] = c[0], r[1] = c[1], r[2] = c[2];
}

/* A triangle's three vertices, relative to a common origin. */
typedef struct tri3 {
  double v[3][3];
} tri3;

/* Does `axis` strictly separate p and q: the largest projection of one below
 * the smallest of the other? Touching projections do not (closed sets), nor
 * does the zero vector. */
static int separates(const double* axis, const tri3* p, const tri3* q) {
  const double p0 = dot3(axis, p->v[0]), p1 = dot3(axis, p->v[1]), p2 = dot3(axis, p->v[2]);
  const double q0 = dot3(axis, q->v[0]), q1 = dot3(axis, q->v[1]), q2 = dot3(axis, q->v[2]);
  return max3(p0, p1, p2) < min3(q0, q1, q2) || max3(q0, q1, q2) < min3(p0, p1, p2);
}

/* Does the axis g x h (unless negligible) separate p and q? For axes that do
 * not cancel in the cases they decide: a normal with an edge (perpendicular
 * in the coplanar case), or the segment axes. */
static int cross_separates(const double* g, const double* h, const tri3* p, const tri3* q) {
  double axis[3];
  cross_or_zero(axis, g, h);
  return separates(axis, p, q);
}

/* Which of three edges is the longest: 0, 1 or 2. */
static int longest(const double* e0, const double* e1, const double* e2) {
  const double l0 = dot3(e0, e0), l1 = dot3(e1, e1), l2 = dot3(e2, e2);
  return l0 >= l1 ? (l0 >= l2 ? 0 : 2) : (l1 >= l2 ? 1 : 2);
}

/* Do the closed triangles a and b (three pointers to xyz each) meet? A
 * separating-axis test: they are disjoint iff some axis strictly separates
 * their projections, and the axes below always include one that does (up to
 * rounding). Any vector is a valid axis -- an extra one can only find a real
 * separation -- so the groups below are a superset of what each case needs.
 *
 * Degenerate triangles (a segment or a point) are valid input. Their normal
 * is negligible and skipped, and with it their in-plane axes, so such a
 * triangle is tested as the segment or point it is: against a proper
 * triangle, the other's normal m, the edge crosses, m x f_j and m x e_i
 * decide; between two of them, the segment axes at the end.
 *
 * Skipping a negligible e_i x f_j (edges parallel to within ~1e-15 rad)
 * cannot make a separated pair look intersecting beyond rounding: the facet
 * that axis stands for is a sliver ~1e-15 of the edges' length wide, flanked
 * by facets whose axes are tested (face normals, and the in-plane axes that
 * bisect the sharp edges a flat triangle makes), so leaving it out moves the
 * decision by about its width. The same holds for a skipped normal: that
 * triangle is within ~1e-15 of its length from the segment it is tested as. */
static int triangles_meet(const double* const a[3], const double* const b[3]) {
  tri3 p, q;
  double e[3][3], f[3][3], n[3], m[3], l[3], d[3];
  int i, j, k;
  /* The coordinate axes first, on the stored numbers: exact, cheap, and the
   * same test the trees' boxes make, so that the trees never cull a pair this
   * function would call intersecting. */
  for (k = 0; k < 3; ++k)
    if (max3(a[0][k], a[1][k], a[2][k]) < min3(b[0][k], b[1][k], b[2][k]) ||
        max3(b[0][k], b[1][k], b[2][k]) < min3(a[0][k], a[1][k], a[2][k]))
      return 0;
  /* Relative to a's first vertex, so that rounding scales with the triangles'
   * sizes and distance, not with their distance from the origin. A vertex
   * the triangles share stays bit-identical, so it always touches. */
  for (i = 0; i < 3; ++i) sub3(p.v[i], a[i], a[0]), sub3(q.v[i], b[i], a[0]);
  for (i = 0; i < 3; ++i) sub3(e[i], p.v[(i + 1) % 3], p.v[i]), sub3(f[i], q.v[(i + 1) % 3], q.v[i]);
  /* L = n, L = m: the face normals. */
  edge_cross(n, a[0], a[1], a[1], a[2], e[0], e[1]);
  edge_cross(m, b[0], b[1], b[1], b[2], f[0], f[1]);
  if (separates(n, &p, &q) || separates(m, &p, &q)) return 0;
  /* L = e_i x f_j: edge against edge. */
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) {
      edge_cross(l, a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3], e[i], f[j]);
      if (separates(l, &p, &q)) return 0;
    }
  /* L = n x e_i, m x f_j: the in-plane edge normals that decide coplanar
   * triangles; n x f_j, m x e_i: the same for a degenerate triangle whose
   * edge lies parallel to the other's plane. */
  for (i = 0; i < 3; ++i)
    if (cross_separates(n, e[i], &p, &q) || cross_separates(m, f[i], &p, &q) ||
        cross_separates(n, f[i], &p, &q) || cross_separates(m, e[i], &p, &q))
      return 0;
  /* Two degenerate triangles: their longest edges u = e_i and v = f_j (zero
   * for a point), d from u's start to v's. L = u, v (collinear segments);
   * d (two points); w x u and w x v, w = u x v (segments in one plane, not
   * parallel); u x (u x d), v x (v x d) (parallel segments, or a segment and
   * a point: the offset between their lines). Run for every pair that gets
   * here: cheaper than deciding which case it is. */
  i = longest(e[0], e[1], e[2]);
  j = longest(f[0], f[1], f[2]);
  sub3(d, q.v[j], p.v[i]);
  if (separates(e[i], &p, &q) || separates(f[j], &p, &q) || separates(d, &p, &q)) return 0;
  edge_cross(l, a[i], a[(i + 1) % 3], b[j], b[(j + 1) % 3], e[i], f[j]);
  if (cross_separates(l, e[i], &p, &q) || cross_separates(l, f[j], &p, &q)) return 0;
  cross_or_zero(l, e[i], d);
  if (cross_separates(e[i], l, &p, &q)) return 0;
  cross_or_zero(l, f[j], d);
  return !cross_separates(f[j], l, &p, &q);
}

/* ---------------------------------------------------------------------------
 * The AABB tree.
 * ------------------------------------------------------------------------- */

typedef struct aabb {
  double lo[3], hi[3];
} aabb;

/* Closed boxes: touching boxes overlap (touching triangles must be found). */
static int boxes_overlap(const aabb* x, const aabb* y) {
  return x->lo[0] <= y->hi[0] && y->lo[0] <= x->hi[0] && x->lo[1] <= y->hi[1] && y->lo[1] <= x->hi[1] &&
         x->lo[2] <= y->hi[2] && y->lo[2] <= x->hi[2];
}

static void box_empty(aabb* x) {
  int k;
  for (k = 0; k < 3; ++k) x->lo[k] = HUGE_VAL, x->hi[k] = -HUGE_VAL;
}

static void box_add_point(aabb* x, const double* v) {
  int k;
  for (k = 0; k < 3; ++k) {
    x->lo[k] = v[k] < x->lo[k] ? v[k] : x->lo[k];
    x->hi[k] = v[k] > x->hi[k] ? v[k] : x->hi[k];
  }
}

static void box_add_box(aabb* x, const aabb* y) {
  box_add_point(x, y->lo);
  box_add_point(x, y->hi);
}

typedef struct bvh_node {
  aabb box;       /* the exact bounds of its triangles' vertices */
  int32_t left;   /* children (node numbers), -1 for a leaf */
  int32_t right;
  int32_t first;  /* a leaf's triangles: order[first .. first + count) */
  int32_t count;
} bvh_node;

typedef struct bvh {
  const double* vertices;   /* xyz per vertex, in the frame the tree is built in */
  const int32_t* triangles; /* three vertex indices per triangle */
  int32_t triangle_count;
  bvh_node* nodes; /* nodes[0] is the root; at most 2 * triangle_count - 1 */
  int32_t node_count;
  int32_t* order;  /* the triangles, each leaf's together */
  aabb* tri_box;   /* build scratch: each triangle's box */
  double* key;     /* build scratch: each triangle's vertex sum (3 times its centroid) */
} bvh;

static void bvh_free(bvh* t) {
  free(t->nodes);
  free(t->order);
  free(t->tri_box);
  free(t->key);
}

/* Allocates a tree for `triangle_count` triangles (>= 1); 0 when out of memory. */
static int bvh_alloc(bvh* t, const int32_t* triangles, int32_t triangle_count) {
  const size_t n = (size_t)triangle_count;
  t->vertices = NULL;
  t->triangles = triangles;
  t->triangle_count = triangle_count;
  t->node_count = 0;
  t->nodes = (bvh_node*)malloc(2 * n * sizeof(bvh_node));
  t->order = (int32_t*)malloc(n * sizeof(int32_t));
  t->tri_box = (aabb*)malloc(n * sizeof(aabb));
  t->key = (double*)malloc(3 * n * sizeof(double));
  if (t->nodes && t->order && t->tri_box && t->key) return 1;
  bvh_free(t);
  return 0;
}

/* Reorders idx[0..n) so that idx[k] has the key of rank k along `axis`, no
 * larger keys before it and no smaller after (Hoare's selection, as in
 * Wirth's "find": linear on average, and many equal keys -- coplanar faces
 * -- do not slow it down). */
static void select_kth(int32_t* idx, ptrdiff_t n, ptrdiff_t k, const double* key, int axis) {
  ptrdiff_t lo = 0, hi = n - 1;
  while (lo < hi) {
    const double pivot = key[3 * (size_t)idx[k] + axis];
    ptrdiff_t i = lo, j = hi;
    do {
      while (key[3 * (size_t)idx[i] + axis] < pivot) ++i;
      while (pivot < key[3 * (size_t)idx[j] + axis]) --j;
      if (i <= j) {
        const int32_t s = idx[i];
        idx[i] = idx[j], idx[j] = s;
        ++i, --j;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
}

/* Builds the subtree over order[first .. first + count) and returns its node. */
static int32_t build_node(bvh* t, int32_t first, int32_t count) {
  const int32_t index = t->node_count++;
  bvh_node* node = &t->nodes[index];
  aabb box, centroids;
  int32_t c, half;
  int axis = 0;
  node->first = first;
  node->count = count;
  if (count <= LEAF_SIZE) {
    box_empty(&box);
    for (c = first; c < first + count; ++c) box_add_box(&box, &t->tri_box[t->order[c]]);
    node->box = box;
    node->left = node->right = -1;
    return index;
  }
  box_empty(&centroids);
  for (c = first; c < first + count; ++c) box_add_point(&centroids, t->key + 3 * (size_t)t->order[c]);
  for (c = 1; c < 3; ++c)
    if (centroids.hi[c] - centroids.lo[c] > centroids.hi[axis] - centroids.lo[axis]) axis = c;
  /* The median split: both halves non-empty, the depth about log2(count). */
  half = count / 2;
  select_kth(t->order + first, count, half, t->key, axis);
  node->left = build_node(t, first, half);
  node->right = build_node(t, first + half, count - half);
  /* Its box: its children's, bottom up. */
  box = t->nodes[node->left].box;
  box_add_box(&box, &t->nodes[node->right].box);
  node->box = box;
  return index;
}

/* (Re)builds the tree over `vertices`, which it keeps pointing to. */
static void bvh_build(bvh* t, const double* vertices) {
  int32_t i;
  int c;
  t->vertices = vertices;
  for (i = 0; i < t->triangle_count; ++i) {
    double* key = t->key + 3 * (size_t)i;
    box_empty(&t->tri_box[i]);
    key[0] = key[1] = key[2] = 0.0;
    for (c = 0; c < 3; ++c) {
      const double* v = vertices + 3 * (size_t)t->triangles[3 * i + c];
      box_add_point(&t->tri_box[i], v);
      key[0] += v[0], key[1] += v[1], key[2] += v[2];
    }
    t->order[i] = i;
  }
  t->node_count = 0;
  build_node(t, 0, t->triangle_count);
}

/* ---------------------------------------------------------------------------
 * Walking both trees together.
 * ------------------------------------------------------------------------- */

typedef struct pair_walk {
  const bvh* a;
  const bvh* b;
  const sepax_pair_sink* sink;
  size_t pose;
  int meets; /* some pair found at this pose */
} pair_walk;

static void triangle_vertices(const bvh* t, int32_t tri, const double* out[3]) {
  int c;
  for (c = 0; c < 3; ++c) out[c] = t->vertices + 3 * (size_t)t->triangles[3 * tri + c];
}

/* Every pair of triangles of two leaves; non-zero when the sink refuses one. */
static int test_leaves(pair_walk* w, const bvh_node* la, const bvh_node* lb) {
  int32_t i, j;
  for (i = la->first; i < la->first + la->count; ++i) {
    const int32_t ta = w->a->order[i];
    const double* va[3];
    triangle_vertices(w->a, ta, va);
    for (j = lb->first; j < lb->first + lb->count; ++j) {
      const int32_t tb = w->b->order[j];
      const double* vb[3];
      triangle_vertices(w->b, tb, vb);
      if (!triangles_meet(va, vb)) continue;
      w->meets = 1;
      if (w->sink->add(w->sink->context, w->pose, ta, tb) != 0) return 1;
    }
  }
  return 0;
}

/* The pair of nodes (A's ia, B's ib); non-zero when the sink refuses a pair. */
static int walk(pair_walk* w, int32_t ia, int32_t ib) {
  const bvh_node* na = &w->a->nodes[ia];
  const bvh_node* nb = &w->b->nodes[ib];
  if (!boxes_overlap(&na->box, &nb->box)) return 0;
  if (na->left < 0 && nb->left < 0) return test_leaves(w, na, nb);
  if (na->left < 0) return walk(w, ia, nb->left) || walk(w, ia, nb->right);
  if (nb->left < 0) return walk(w, na->left, ib) || walk(w, na->right, ib);
  /* Both internal: the four pairs of children. */
  if (walk(w, na->left, nb->left) || walk(w, na->left, nb->right) || walk(w, na->right, nb->left)) return 1;
#ifdef FIXED
  return walk(w, na->right, nb->right);
#else
  /* PLANTED BUG: the fourth pair, (right child of A's node, right child of
   * B's node), is never visited, and every triangle pair below it is missed. */
  return 0;
#endif
}

/* ---------------------------------------------------------------------------
 * The batch function.
 * ------------------------------------------------------------------------- */

/* The i-th scalar of an array of the kernel's type, as a double (exact). */
static double scalar_at(const void* data, size_t i, int is_float) {
  return is_float ? (double)((const float*)data)[i] : ((const double*)data)[i];
}

/* Why the mesh is not usable, or NULL. */
static const char* check_mesh(const sepax_mesh* mesh, int is_float) {
  size_t i;
  if (mesh->triangle_count > (size_t)INT32_MAX) return "mesh_mesh: more triangles than int32_t numbers";
  for (i = 0; i < 3 * mesh->triangle_count; ++i)
    if (mesh->triangles[i] < 0 || (size_t)mesh->triangles[i] >= mesh->vertex_count)
      return "mesh_mesh: a triangle's vertex index is out of range";
  for (i = 0; i < 3 * mesh->vertex_count; ++i)
    if (!isfinite(scalar_at(mesh->vertices, i, is_float))) return "mesh_mesh: a vertex is not finite";
  return NULL;
}

/* inputs: mesh A, mesh B, n poses (12 scalars: R row by row, t); answers:
 * meets u8 per pose, and the pair sink. */
static int aabb_tree_batch(int is_float, size_t n, const void* const* inputs, void* const* answers,
                           const char** message) {
  const sepax_mesh* ma = (const sepax_mesh*)inputs[0];
  const sepax_mesh* mb = (const sepax_mesh*)inputs[1];
  const void* poses = inputs[2];
  unsigned char* meets = (unsigned char*)answers[0];
  const sepax_pair_sink* sink = (const sepax_pair_sink*)answers[1];
  double *va = NULL, *vb_local = NULL, *vb = NULL;
  bvh ta, tb;
  int have_ta = 0, have_tb = 0, status = 0;
  size_t i, k;

  /* How a plugin reports a failure: a status and a message, never abort(). */
  *message = check_mesh(ma, is_float);
  if (!*message) *message = check_mesh(mb, is_float);
  if (*message) return 1;
  if (ma->triangle_count == 0 || mb->triangle_count == 0) {
    for (i = 0; i < n; ++i) meets[i] = 0; /* no triangles, no pairs */
    return 0;
  }

  va = (double*)malloc(3 * ma->vertex_count * sizeof(double));
  vb_local = (double*)malloc(3 * mb->vertex_count * sizeof(double));
  vb = (double*)malloc(3 * mb->vertex_count * sizeof(double));
  have_ta = va && vb_local && vb && bvh_alloc(&ta, ma->triangles, (int32_t)ma->triangle_count);
  have_tb = have_ta && bvh_alloc(&tb, mb->triangles, (int32_t)mb->triangle_count);
  if (!have_tb) {
    *message = "mesh_mesh: out of memory";
    status = 1;
    goto done;
  }
  for (k = 0; k < 3 * ma->vertex_count; ++k) va[k] = scalar_at(ma->vertices, k, is_float);
  for (k = 0; k < 3 * mb->vertex_count; ++k) vb_local[k] = scalar_at(mb->vertices, k, is_float);
  bvh_build(&ta, va);

  for (i = 0; i < n; ++i) {
    double pose[12];
    pair_walk w;
    for (k = 0; k < 12; ++k) {
      pose[k] = scalar_at(poses, 12 * i + k, is_float);
      if (!isfinite(pose[k])) {
        *message = "mesh_mesh: a pose is not finite";
        status = 1;
        goto done;
      }
    }
    /* x' = R x + t, R row by row. */
    for (k = 0; k < mb->vertex_count; ++k) {
      const double* x = vb_local + 3 * k;
      int r;
      for (r = 0; r < 3; ++r)
        vb[3 * k + r] = pose[3 * r] * x[0] + pose[3 * r + 1] * x[1] + pose[3 * r + 2] * x[2] + pose[9 + r];
    }
    bvh_build(&tb, vb);
    w.a = &ta;
    w.b = &tb;
    w.sink = sink;
    w.pose = i;
    w.meets = 0;
    if (walk(&w, 0, 0) != 0) {
      *message = "mesh_mesh: the pair sink refused a pair (out of range or added before)";
      status = 1;
      goto done;
    }
    meets[i] = (unsigned char)w.meets;
  }

done:
  if (have_tb) bvh_free(&tb);
  if (have_ta) bvh_free(&ta);
  free(vb);
  free(vb_local);
  free(va);
  return status;
}

static int aabb_tree_batch_float(void* user, size_t n, const void* const* inputs, void* const* answers,
                                 const char** message) {
  (void)user;
  return aabb_tree_batch(1, n, inputs, answers, message);
}

static int aabb_tree_batch_double(void* user, size_t n, const void* const* inputs, void* const* answers,
                                  const char** message) {
  (void)user;
  return aabb_tree_batch(0, n, inputs, answers, message);
}

/* Exact up to rounding: no bias (a SAT-query notion, 0 here), no promised
 * tolerance (0: judged by the rounding band alone). */
static const sepax_kernel_v2 kernels[] = {
    {"aabb_tree", "mesh_mesh", "find_pairs", SEPAX_SCALAR_FLOAT, SEPAX_BIAS_NONE, 0.0, 0, 0.0,
     aabb_tree_batch_float, NULL},
    {"aabb_tree", "mesh_mesh", "find_pairs", SEPAX_SCALAR_DOUBLE, SEPAX_BIAS_NONE, 0.0, 0, 0.0,
     aabb_tree_batch_double, NULL},
};

static const sepax_plugin_info_v2 plugin = {SEPAX_PLUGIN_ABI_VERSION, MYBVH_PLUGIN_NAME,
                                            sizeof kernels / sizeof kernels[0], kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin_info_v2* sepax_plugin_v2(void) { return &plugin; }
