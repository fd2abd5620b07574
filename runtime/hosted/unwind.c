// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A fast unwinder for the stacks that every malloc() and free() saves.
 * _Unwind_Backtrace() finds and interprets each frame's call frame
 * information anew, about 300 ns a frame; here the outcome for a return
 * address, where its frame's CFA is and where the return address and rbp
 * are saved, is cached, so that a frame seen before costs a few loads.
 *
 * The runtime's own frames are walked through their frame pointers (it
 * is built with them); the program's frames through .eh_frame, found with
 * glibc's _dl_find_object() and the .eh_frame_hdr search table.  Only
 * what GCC emits for x86_64 functions is understood: a CFA of rsp or rbp
 * plus an offset, rbp and the return address saved at offsets from it.
 * Anything else (CFA expressions, signal frames, registers saved in
 * registers) makes the caller fall back to _Unwind_Backtrace() for that
 * stack.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>

#include "hosted.h"

#define DW_EH_PE_omit		0xff
#define DW_EH_PE_absptr		0x00
#define DW_EH_PE_uleb128	0x01
#define DW_EH_PE_udata2		0x02
#define DW_EH_PE_udata4		0x03
#define DW_EH_PE_udata8		0x04
#define DW_EH_PE_sleb128	0x09
#define DW_EH_PE_sdata2		0x0a
#define DW_EH_PE_sdata4		0x0b
#define DW_EH_PE_sdata8		0x0c
#define DW_EH_PE_pcrel		0x10
#define DW_EH_PE_datarel	0x30
#define DW_EH_PE_indirect	0x80

#define REG_BP		6
#define REG_SP		7
#define REG_RA		16

/* How to get from a frame to its caller: one cached 64-bit word. */
struct rule {
	int32_t cfa_off;
	int16_t bp_off;		/* where rbp is saved, from the CFA */
	int8_t ra_off;		/* where the return address is */
	uint8_t flags;
};

#define RULE_VALID	0x01
#define RULE_CFA_BP	0x02	/* CFA = rbp + off, else rsp + off */
#define RULE_BP_SAVED	0x04
#define RULE_END	0x08	/* the outermost frame */
#define RULE_BAD	0x10	/* not understood: use libgcc */

#define CACHE_SIZE	4096

struct cache_entry {
	unsigned long pc;
	uint64_t rule;
};

static struct cache_entry cache[CACHE_SIZE];
kasan_lock_t kasan_hosted_unwind_lock = KASAN_LOCK_INITIALIZER;

static uint64_t pack(const struct rule *r)
{
	uint64_t v;

	__builtin_memcpy(&v, r, sizeof(v));
	return v;
}

static struct rule unpack(uint64_t v)
{
	struct rule r;

	__builtin_memcpy(&r, &v, sizeof(r));
	return r;
}

static unsigned int cache_slot(unsigned long pc)
{
	return (pc ^ (pc >> 12) ^ (pc >> 24)) & (CACHE_SIZE - 1);
}

/*
 * A seqlock keyed by pc: a writer clears pc, writes the rule, sets pc;
 * a reader that sees the same pc before and after read a whole rule.
 */
static bool cache_get(unsigned long pc, struct rule *r)
{
	struct cache_entry *e = &cache[cache_slot(pc)];
	unsigned long before, after;
	uint64_t v;

	before = __atomic_load_n(&e->pc, __ATOMIC_ACQUIRE);
	v = __atomic_load_n(&e->rule, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	after = __atomic_load_n(&e->pc, __ATOMIC_RELAXED);
	if (before != pc || after != pc)
		return false;
	*r = unpack(v);
	return true;
}

static void cache_put(unsigned long pc, const struct rule *r)
{
	struct cache_entry *e = &cache[cache_slot(pc)];
	unsigned long flags;

	flags = kasan_plat_lock(&kasan_hosted_unwind_lock);
	__atomic_store_n(&e->pc, 0, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	__atomic_store_n(&e->rule, pack(r), __ATOMIC_RELAXED);
	__atomic_store_n(&e->pc, pc, __ATOMIC_RELEASE);
	kasan_plat_unlock(&kasan_hosted_unwind_lock, flags);
}

/* --- DWARF call frame information --- */

struct reader {
	const uint8_t *p;
	const uint8_t *end;
	bool bad;
};

static uint8_t read_u8(struct reader *rd)
{
	if (rd->p >= rd->end) {
		rd->bad = true;
		return 0;
	}
	return *rd->p++;
}

/* LEB128: 7 bits a byte, low first; a signed one extends its last bit 6. */
static uint64_t read_leb(struct reader *rd, bool is_signed)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	uint8_t b;

	do {
		b = read_u8(rd);
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while ((b & 0x80) && !rd->bad);
	if (is_signed && shift < 64 && (b & 0x40))
		v |= ~0ULL << shift;
	return v;
}

static uint64_t read_uleb(struct reader *rd)
{
	return read_leb(rd, false);
}

static int64_t read_sleb(struct reader *rd)
{
	return (int64_t)read_leb(rd, true);
}

static uint64_t read_fixed(struct reader *rd, unsigned int size)
{
	uint64_t v = 0;

	if (rd->p + size > rd->end) {
		rd->bad = true;
		return 0;
	}
	__builtin_memcpy(&v, rd->p, size);
	rd->p += size;
	return v;
}

/* An encoded pointer; datarel is relative to dbase. */
static unsigned long read_encoded(struct reader *rd, uint8_t enc,
				  unsigned long dbase)
{
	unsigned long at = (unsigned long)rd->p;
	unsigned long v;

	if (enc == DW_EH_PE_omit)
		return 0;
	switch (enc & 0x0f) {
	case DW_EH_PE_absptr:
	case DW_EH_PE_udata8:
	case DW_EH_PE_sdata8:
		v = read_fixed(rd, 8);
		break;
	case DW_EH_PE_uleb128:
		v = read_uleb(rd);
		break;
	case DW_EH_PE_sleb128:
		v = read_sleb(rd);
		break;
	case DW_EH_PE_udata2:
		v = (uint16_t)read_fixed(rd, 2);
		break;
	case DW_EH_PE_sdata2:
		v = (long)(int16_t)read_fixed(rd, 2);
		break;
	case DW_EH_PE_udata4:
		v = (uint32_t)read_fixed(rd, 4);
		break;
	case DW_EH_PE_sdata4:
		v = (long)(int32_t)read_fixed(rd, 4);
		break;
	default:
		rd->bad = true;
		return 0;
	}
	switch (enc & 0x70) {
	case 0:
		break;
	case DW_EH_PE_pcrel:
		v += at;
		break;
	case DW_EH_PE_datarel:
		v += dbase;
		break;
	default:
		rd->bad = true;
		return 0;
	}
	if (enc & DW_EH_PE_indirect)
		rd->bad = true;
	return v;
}

/* The register state the CFI program builds, as far as we follow it. */
struct cfi_state {
	unsigned int cfa_reg;
	int64_t cfa_off;
	int64_t bp_off, ra_off;
	bool bp_saved, ra_saved, ra_undefined;
};

struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint8_t fde_enc;
	bool signal_frame;
	bool has_aug_data;	/* 'z': FDEs have augmentation data too */
	struct reader insns;
};

#define STATE_STACK	8

struct cfi_run {
	struct cfi_state s, initial;
	struct cfi_state saved[STATE_STACK];
	unsigned int depth;
	const struct cie *cie;
	unsigned long loc, pc;
	bool bad, done;
};

static void set_offset(struct cfi_run *run, uint64_t reg, int64_t off)
{
	if (reg == REG_BP) {
		run->s.bp_saved = true;
		run->s.bp_off = off;
	} else if (reg == REG_RA) {
		run->s.ra_saved = true;
		run->s.ra_undefined = false;
		run->s.ra_off = off;
	}
}

/* Any rule for rbp or the return address that is not "saved at offset". */
static void set_other(struct cfi_run *run, uint64_t reg)
{
	if (reg == REG_BP || reg == REG_RA)
		run->bad = true;
}

static void restore_reg(struct cfi_run *run, uint64_t reg)
{
	if (reg == REG_BP) {
		run->s.bp_saved = run->initial.bp_saved;
		run->s.bp_off = run->initial.bp_off;
	} else if (reg == REG_RA) {
		run->s.ra_saved = run->initial.ra_saved;
		run->s.ra_off = run->initial.ra_off;
		run->s.ra_undefined = run->initial.ra_undefined;
	}
}

static void advance(struct cfi_run *run, uint64_t delta)
{
	unsigned long loc = run->loc + delta * run->cie->code_align;

	/* The row in force at pc is the one before the first loc past it. */
	if (loc > run->pc)
		run->done = true;
	else
		run->loc = loc;
}

/* Run CFI instructions until the row for run->pc is reached. */
static void run_cfi(struct cfi_run *run, struct reader *rd)
{
	int64_t da = run->cie->data_align;

	while (!run->done && !run->bad && rd->p < rd->end) {
		uint8_t op = read_u8(rd);
		uint64_t reg, v;

		switch (op >> 6) {
		case 1:			/* DW_CFA_advance_loc */
			advance(run, op & 0x3f);
			continue;
		case 2:			/* DW_CFA_offset */
			set_offset(run, op & 0x3f, read_uleb(rd) * da);
			continue;
		case 3:			/* DW_CFA_restore */
			restore_reg(run, op & 0x3f);
			continue;
		}
		switch (op) {
		case 0x00:		/* DW_CFA_nop */
			break;
		case 0x02:		/* DW_CFA_advance_loc1 */
			advance(run, read_fixed(rd, 1));
			break;
		case 0x03:		/* DW_CFA_advance_loc2 */
			advance(run, read_fixed(rd, 2));
			break;
		case 0x04:		/* DW_CFA_advance_loc4 */
			advance(run, read_fixed(rd, 4));
			break;
		case 0x05:		/* DW_CFA_offset_extended */
			reg = read_uleb(rd);
			set_offset(run, reg, read_uleb(rd) * da);
			break;
		case 0x06:		/* DW_CFA_restore_extended */
			restore_reg(run, read_uleb(rd));
			break;
		case 0x07:		/* DW_CFA_undefined */
			reg = read_uleb(rd);
			if (reg == REG_RA)
				run->s.ra_undefined = true;
			else
				set_other(run, reg);
			break;
		case 0x08:		/* DW_CFA_same_value */
			reg = read_uleb(rd);
			if (reg == REG_BP)
				run->s.bp_saved = false;
			else
				set_other(run, reg);
			break;
		case 0x09:		/* DW_CFA_register */
			set_other(run, read_uleb(rd));
			read_uleb(rd);
			break;
		case 0x0a:		/* DW_CFA_remember_state */
			if (run->depth == STATE_STACK)
				run->bad = true;
			else
				run->saved[run->depth++] = run->s;
			break;
		case 0x0b:		/* DW_CFA_restore_state */
			if (!run->depth)
				run->bad = true;
			else
				run->s = run->saved[--run->depth];
			break;
		case 0x0c:		/* DW_CFA_def_cfa */
			run->s.cfa_reg = read_uleb(rd);
			run->s.cfa_off = read_uleb(rd);
			break;
		case 0x0d:		/* DW_CFA_def_cfa_register */
			run->s.cfa_reg = read_uleb(rd);
			break;
		case 0x0e:		/* DW_CFA_def_cfa_offset */
			run->s.cfa_off = read_uleb(rd);
			break;
		case 0x10:		/* DW_CFA_expression */
		case 0x16:		/* DW_CFA_val_expression */
			set_other(run, read_uleb(rd));
			v = read_uleb(rd);
			if (v > (uint64_t)(rd->end - rd->p))
				run->bad = true;
			else
				rd->p += v;
			break;
		case 0x11:		/* DW_CFA_offset_extended_sf */
			reg = read_uleb(rd);
			set_offset(run, reg, read_sleb(rd) * da);
			break;
		case 0x12:		/* DW_CFA_def_cfa_sf */
			run->s.cfa_reg = read_uleb(rd);
			run->s.cfa_off = read_sleb(rd) * da;
			break;
		case 0x13:		/* DW_CFA_def_cfa_offset_sf */
			run->s.cfa_off = read_sleb(rd) * da;
			break;
		case 0x14:		/* DW_CFA_val_offset */
		case 0x15:		/* DW_CFA_val_offset_sf */
			set_other(run, read_uleb(rd));
			read_uleb(rd);
			break;
		case 0x2e:		/* DW_CFA_GNU_args_size */
			read_uleb(rd);
			break;
		case 0x2f:	/* DW_CFA_GNU_negative_offset_extended */
			reg = read_uleb(rd);
			set_offset(run, reg, -(int64_t)read_uleb(rd) * da);
			break;
		default:		/* def_cfa_expression, set_loc, ... */
			run->bad = true;
			break;
		}
	}
	if (rd->bad)
		run->bad = true;
}

/* The length of a CIE or FDE, and where its body starts. */
static bool entry_bounds(const uint8_t *at, struct reader *rd)
{
	uint32_t len;

	__builtin_memcpy(&len, at, 4);
	if (!len || len == 0xffffffff)	/* terminator; 64-bit DWARF */
		return false;
	rd->p = at + 4;
	rd->end = at + 4 + len;
	rd->bad = false;
	return true;
}

static bool parse_cie(const uint8_t *at, struct cie *cie, unsigned long dbase)
{
	struct reader rd;
	const char *aug;
	uint8_t version;
	uint64_t aug_len = 0;
	const uint8_t *aug_end = NULL;

	if (!entry_bounds(at, &rd) || read_fixed(&rd, 4) != 0)
		return false;
	version = read_u8(&rd);
	if (version != 1 && version != 3)
		return false;
	aug = (const char *)rd.p;
	while (read_u8(&rd))
		;
	cie->code_align = read_uleb(&rd);
	cie->data_align = read_sleb(&rd);
	if (version == 1)
		read_u8(&rd);
	else
		read_uleb(&rd);
	cie->fde_enc = DW_EH_PE_absptr;
	cie->signal_frame = false;
	cie->has_aug_data = *aug == 'z';
	if (*aug == 'z') {
		aug_len = read_uleb(&rd);
		aug_end = rd.p + aug_len;
		aug++;
	} else if (*aug) {
		return false;
	}
	/* Unknown letters end the walk: 'z' says how long it all is. */
	for (; *aug == 'R' || *aug == 'P' || *aug == 'L' || *aug == 'S';
	     aug++) {
		uint8_t enc;

		switch (*aug) {
		case 'R':
			cie->fde_enc = read_u8(&rd);
			break;
		case 'P':
			enc = read_u8(&rd);
			read_encoded(&rd, enc & ~DW_EH_PE_indirect, dbase);
			break;
		case 'L':
			read_u8(&rd);
			break;
		case 'S':
			cie->signal_frame = true;
			break;
		}
	}
	if (*aug && (!aug_end || *aug == 'R'))
		return false;
	if (aug_end)
		rd.p = aug_end;
	cie->insns = rd;
	return !rd.bad && rd.p <= rd.end;
}

/* The .eh_frame_hdr search table: the FDE whose range starts last <= pc. */
static const uint8_t *find_fde(const uint8_t *hdr, unsigned long pc)
{
	struct reader rd = { hdr + 4, hdr + 64, false };
	unsigned long base = (unsigned long)hdr;
	const int32_t *table;
	size_t lo = 0, hi;

	if (hdr[0] != 1 || hdr[3] != (DW_EH_PE_datarel | DW_EH_PE_sdata4))
		return NULL;
	read_encoded(&rd, hdr[1], base);
	hi = read_encoded(&rd, hdr[2], base);
	if (rd.bad || !hi)
		return NULL;
	table = (const int32_t *)rd.p;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (base + table[2 * mid] <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	return (const uint8_t *)(base + table[2 * (lo - 1) + 1]);
}

static void compute_rule(unsigned long pc, struct rule *r)
{
	struct dl_find_object dlfo;
	const uint8_t *fde, *cie_at;
	struct cfi_run run;
	struct reader rd, cie_insns;
	struct cie cie;
	unsigned long start, range, dbase;
	uint32_t cie_off;

	r->cfa_off = 0;
	r->bp_off = 0;
	r->ra_off = 0;
	r->flags = RULE_VALID | RULE_BAD;
	if (_dl_find_object((void *)pc, &dlfo) || !dlfo.dlfo_eh_frame) {
		/* No object or no unwind information: the stack ends. */
		r->flags = RULE_VALID | RULE_END;
		return;
	}
	dbase = (unsigned long)dlfo.dlfo_eh_frame;
	fde = find_fde(dlfo.dlfo_eh_frame, pc);
	if (!fde || !entry_bounds(fde, &rd))
		return;
	__builtin_memcpy(&cie_off, rd.p, 4);
	if (!cie_off)
		return;
	cie_at = rd.p - cie_off;
	rd.p += 4;
	if (!parse_cie(cie_at, &cie, dbase) || cie.signal_frame)
		return;
	start = read_encoded(&rd, cie.fde_enc, dbase);
	range = read_encoded(&rd, cie.fde_enc & 0x0f, dbase);
	if (rd.bad || pc < start || pc >= start + range) {
		r->flags = RULE_VALID | RULE_END;
		return;
	}
	/* 'z' in the CIE: the FDE has augmentation data, skipped. */
	if (cie.has_aug_data) {
		uint64_t len = read_uleb(&rd);

		if (len > (uint64_t)(rd.end - rd.p))
			return;
		rd.p += len;
	}

	__builtin_memset(&run, 0, sizeof(run));
	run.cie = &cie;
	cie_insns = cie.insns;
	/* The CIE's instructions set the initial state, whatever the pc. */
	run.loc = start;
	run.pc = ~0UL;
	run_cfi(&run, &cie_insns);
	run.initial = run.s;
	run.pc = pc;
	run.loc = start;
	run.done = false;
	run_cfi(&run, &rd);
	if (run.bad)
		return;
	if (run.s.ra_undefined) {
		r->flags = RULE_VALID | RULE_END;
		return;
	}
	if ((run.s.cfa_reg != REG_SP && run.s.cfa_reg != REG_BP) ||
	    !run.s.ra_saved || run.s.cfa_off < 0 || run.s.cfa_off > INT32_MAX ||
	    run.s.ra_off < -128 || run.s.ra_off > 127 ||
	    run.s.bp_off < INT16_MIN || run.s.bp_off > INT16_MAX)
		return;
	r->cfa_off = run.s.cfa_off;
	r->ra_off = run.s.ra_off;
	r->bp_off = run.s.bp_off;
	r->flags = RULE_VALID;
	if (run.s.cfa_reg == REG_BP)
		r->flags |= RULE_CFA_BP;
	if (run.s.bp_saved)
		r->flags |= RULE_BP_SAVED;
}

static struct rule get_rule(unsigned long pc)
{
	struct rule r;

	if (cache_get(pc, &r))
		return r;
	compute_rule(pc, &r);
	cache_put(pc, &r);
	return r;
}

/*
 * Up to max return addresses of the current stack, the runtime's frames
 * left out but for the outermost if keep_entry.  Returns false if some
 * frame is beyond us: the caller then asks libgcc.
 */
bool kasan_hosted_unwind_fast(unsigned long *frames, unsigned int max,
			      bool keep_entry, unsigned int *count)
{
	const unsigned long *fp = __builtin_frame_address(0);
	unsigned long ip, sp, bp, lo, hi, entry = 0;
	unsigned int n = 0;

	if (!kasan_hosted_stack_bounds(&lo, &hi)) {
		lo = (unsigned long)fp;
		hi = lo + (64UL << 20);
	}
	/* The runtime's frames, through their frame pointers. */
	for (;;) {
		const unsigned long *next;

		if ((unsigned long)fp < lo || (unsigned long)fp + 16 > hi)
			return false;
		ip = fp[1];
		if (!kasan_hosted_ip_in_runtime(ip))
			break;
		entry = ip;
		next = (const unsigned long *)fp[0];
		if (next <= fp)
			return false;
		fp = next;
	}
	if (keep_entry && entry && n < max)
		frames[n++] = entry;
	sp = (unsigned long)(fp + 2);
	bp = fp[0];

	while (ip && n < max) {
		struct rule r;
		unsigned long cfa;

		frames[n++] = ip;
		r = get_rule(ip - 1);
		if (r.flags & RULE_BAD)
			return false;
		if (r.flags & RULE_END)
			break;
		cfa = ((r.flags & RULE_CFA_BP) ? bp : sp) + r.cfa_off;
		/* A caller's frame is above its callee's, on this stack. */
		if (cfa <= sp || cfa + r.ra_off < lo || cfa + r.ra_off + 8 > hi)
			return false;
		ip = *(const unsigned long *)(cfa + r.ra_off);
		if (r.flags & RULE_BP_SAVED) {
			if (cfa + r.bp_off < lo || cfa + r.bp_off + 8 > hi)
				return false;
			bp = *(const unsigned long *)(cfa + r.bp_off);
		}
		sp = cfa;
	}
	*count = n;
	return true;
}
