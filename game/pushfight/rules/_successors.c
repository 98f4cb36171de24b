/* Push Fight's full-turn successors, compiled: the same walk as
 * game.pushfight.engine.successors_python, step for step, for the search's hot path.
 *
 * Pure rules in C (no I/O, no clock, no global randomness). It visits the arrangements of the
 * mover's pieces and the pushes in exactly the order the Python path does and adds every
 * result to a Python set in that order, so the set is equal and even iterates in the same
 * order (the computer players see no difference). The board geometry (valid squares, rail
 * stops) comes from the caller, so it lives in one place: game/pushfight/board.py.
 *
 * A packed position: White's pieces in bits 0-63, Brown's in 64-127, the square pieces in
 * 128-191, and in a result key the anchor's square index from bit 192 up.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

static const int STEPS[4] = {1, -1, 10, -10};
#define ROW 10

#define SEEN_BITS 16
#define SEEN_SIZE (1u << SEEN_BITS)
/* Distinct arrangements of a turn number at most 5 * 26 + 5 * 26 * 4 * 26: far below this. */

typedef struct {
    u64 mine, squares;
    uint32_t generation;
} Seen;

static Seen seen_table[SEEN_SIZE];
static uint32_t generation = 0;

typedef struct {
    u64 valid, rail_stop, opp, osq, anchor_bit;
    int side;
    PyObject *found;
} Walk;

static inline u64 spread(u64 mask) {
    return mask | mask << 1 | mask >> 1 | mask << ROW | mask >> ROW;
}

#ifdef _MSC_VER
#include <intrin.h>
static inline int low_index(u64 bit) {
    unsigned long index;
    _BitScanForward64(&index, bit);
    return (int)index;
}
#else
static inline int low_index(u64 bit) { return __builtin_ctzll(bit); }
#endif

/* True if (mine, squares) is new this call; remembers it. */
static int first_visit(u64 mine, u64 squares) {
    u64 hash = (mine * 0x9E3779B97F4A7C15ull) ^ (squares * 0xC2B2AE3D27D4EB4Full);
    uint32_t at = (uint32_t)(hash >> (64 - SEEN_BITS));
    for (;;) {
        Seen *slot = &seen_table[at];
        if (slot->generation != generation) {
            slot->mine = mine;
            slot->squares = squares;
            slot->generation = generation;
            return 1;
        }
        if (slot->mine == mine && slot->squares == squares) return 0;
        at = (at + 1) & (SEEN_SIZE - 1);
    }
}

static inline u64 shifted(u64 mask, int step) {
    return step > 0 ? mask << step : mask >> -step;
}

/* Adds the result key (fields and anchor index) to the set; -1 on a Python error. */
static int add_result(PyObject *found, u64 white, u64 brown, u64 squares, u64 anchor) {
    unsigned char bytes[32];
    u64 limbs[4] = {white, brown, squares, anchor};
    for (int limb = 0; limb < 4; limb++)
        for (int b = 0; b < 8; b++) bytes[limb * 8 + b] = (unsigned char)(limbs[limb] >> (8 * b));
    PyObject *key = _PyLong_FromByteArray(bytes, sizeof bytes, 1, 0);
    if (key == NULL) return -1;
    int failed = PySet_Add(found, key);
    Py_DECREF(key);
    return failed;
}

/* Every legal push of the arrangement, pushers lowest square first, steps in STEPS order. */
static int expand(const Walk *w, u64 cur, u64 cur_sq) {
    u64 white = w->side == 0 ? cur : w->opp;
    u64 brown = w->side == 0 ? w->opp : cur;
    u64 squares = w->osq | cur_sq;
    u64 occ = white | brown;
    u64 pushers = cur_sq;
    while (pushers) {
        u64 pusher = pushers & -pushers;
        pushers ^= pusher;
        int index = low_index(pusher);
        for (int s = 0; s < 4; s++) {
            int step = STEPS[s];
            u64 seg = pusher;
            int at = index + step;
            while (occ >> at & 1) {
                seg |= 1ull << at;
                at += step;
            }
            if (seg == pusher || seg & w->anchor_bit || w->rail_stop >> at & 1) continue;
            u64 beyond = 1ull << at;
            u64 fields[3] = {white, brown, squares};
            for (int f = 0; f < 3; f++) {
                u64 moved = fields[f] & seg;
                fields[f] ^= moved ^ shifted(moved, step);
                if (!(beyond & w->valid)) fields[f] &= ~beyond;
            }
            if (add_result(w->found, fields[0], fields[1], fields[2], (u64)(index + step)) < 0)
                return -1;
        }
    }
    return 0;
}

typedef struct {
    u64 cur, cur_sq, moved, empty;
} Arrangement;

/* The empty components, each a mask. */
static int components(u64 empty, u64 *comps) {
    int count = 0;
    u64 rest = empty;
    while (rest) {
        u64 reached = rest & -rest;
        for (;;) {
            u64 grown = spread(reached) & empty;
            if (grown == reached) break;
            reached = grown;
        }
        comps[count++] = reached;
        rest ^= reached;
    }
    return count;
}

/* One slide of every piece but ``skip``, each new arrangement expanded (and kept if asked). */
static int slide_all(const Walk *w, u64 cur, u64 cur_sq, u64 skip, u64 empty,
                     Arrangement *keep, int *kept) {
    u64 comps[32];
    int count = components(empty, comps);
    u64 rest = cur & ~skip;
    while (rest) {
        u64 low = rest & -rest;
        rest ^= low;
        u64 near = spread(low);
        u64 targets = 0;
        for (int c = 0; c < count; c++)
            if (comps[c] & near) targets |= comps[c];
        u64 is_square = cur_sq & low;
        while (targets) {
            u64 dst = targets & -targets;
            targets ^= dst;
            u64 nxt = cur ^ low ^ dst;
            u64 nxt_sq = is_square ? cur_sq ^ low ^ dst : cur_sq;
            if (first_visit(nxt, nxt_sq)) {
                if (expand(w, nxt, nxt_sq) < 0) return -1;
                if (keep != NULL) {
                    Arrangement *next = &keep[(*kept)++];
                    next->cur = nxt;
                    next->cur_sq = nxt_sq;
                    next->moved = dst;
                    next->empty = empty ^ dst ^ low;
                }
            }
        }
    }
    return 0;
}

static PyObject *successors(PyObject *self, PyObject *args) {
    unsigned long long white, brown, squares, valid, rail_stop;
    int anchor, side;
    if (!PyArg_ParseTuple(args, "KKKiiKK", &white, &brown, &squares, &anchor, &side, &valid,
                          &rail_stop))
        return NULL;
    if (anchor < 0 || anchor > 63 || (side != 0 && side != 1)) {
        PyErr_SetString(PyExc_ValueError, "anchor must be a square index and side 0 or 1");
        return NULL;
    }
    u64 mine = side == 0 ? white : brown;
    u64 opp = side == 0 ? brown : white;
    u64 msq = mine & squares;
    Walk w = {valid, rail_stop, opp, squares & ~msq, 1ull << anchor, side, PySet_New(NULL)};
    if (w.found == NULL) return NULL;
    if (++generation == 0) { /* wrapped: forget every stamp */
        memset(seen_table, 0, sizeof seen_table);
        generation = 1;
    }
    Arrangement first[5 * 64];
    int kept = 0;
    first_visit(mine, msq);
    if (expand(&w, mine, msq) < 0 ||
        slide_all(&w, mine, msq, 0, valid & ~(mine | opp), first, &kept) < 0)
        goto fail;
    for (int i = 0; i < kept; i++)
        if (slide_all(&w, first[i].cur, first[i].cur_sq, first[i].moved, first[i].empty, NULL,
                      NULL) < 0)
            goto fail;
    return w.found;
fail:
    Py_DECREF(w.found);
    return NULL;
}

static PyMethodDef methods[] = {
    {"successors", successors, METH_VARARGS,
     "successors(white, brown, squares, anchor, side, valid, rail_stop) -> set of result keys"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_successors",
    "Push Fight's full-turn successors, compiled (see game.pushfight.engine).", -1, methods,
};

PyMODINIT_FUNC PyInit__successors(void) { return PyModule_Create(&module); }
