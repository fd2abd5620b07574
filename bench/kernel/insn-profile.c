// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * insn-profile: a QEMU TCG plugin that counts, exactly, how many times each
 * translated block of the guest ran, for the kernel benchmark's profile of
 * guest instructions by function (profile.py symbolizes and groups it).
 *
 *   -plugin build/bench/insn-profile.so,out=FILE[,mark=ADDR]
 *
 * Every block gets an inline counter (QEMU adds to it in the generated
 * code, no callback per block), one per (start address, instruction
 * count): a block QEMU translates again, or cuts short for an I/O
 * instruction under -icount, is another record.  Block x count x length
 * is exact; nothing is sampled.
 *
 * mark=ADDR (hex, a guest virtual address, e.g. a system call the workload
 * makes only at its start and end) takes a snapshot of every counter each
 * time a block starting there runs; FILE then has the counts between the
 * first and the second run of it, the workload and nothing of the boot.
 * Without a mark, or if it ran fewer than twice, FILE has the whole run
 * and says so.
 *
 * FILE: a header line, then "vaddr ninsns count bytes" (hex, decimal,
 * decimal, decimal) for each record that ran; bytes tells which
 * instructions a block covers (profile.py counts the runs of the calls in
 * it).  One vCPU is assumed (the benchmark boots
 * one): the inline additions are not atomic.
 *
 * The API is QEMU 7.2's (Debian 12), version 1: include/qemu/qemu-plugin.h,
 * which install-deps.sh's bench group takes from Debian's QEMU source.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

struct block {
	uint64_t vaddr;
	uint64_t count;		/* added to by the generated code */
	uint64_t at_mark;	/* count at the first mark */
	uint32_t ninsns;
	uint32_t bytes;		/* from vaddr to the end of the last insn */
	struct block *next;	/* hash chain */
};

#define HASH_BITS	20
#define CHUNK_BLOCKS	65536

/* Records never move: the generated code holds &block->count. */
static struct block *hash[1u << HASH_BITS];
static struct block *chunk;
static size_t chunk_used = CHUNK_BLOCKS;
static struct block *all_chunks[4096];
static size_t nr_chunks;

static const char *out_path;
static uint64_t mark_addr;
static bool have_mark;
static unsigned int marks_seen;

static unsigned int hash_of(uint64_t vaddr, uint32_t ninsns)
{
	uint64_t h = (vaddr ^ ((uint64_t)ninsns << 48)) * 0x9e3779b97f4a7c15ull;

	return (unsigned int)(h >> (64 - HASH_BITS));
}

static struct block *new_block(void)
{
	if (chunk_used == CHUNK_BLOCKS) {
		if (nr_chunks == sizeof(all_chunks) / sizeof(all_chunks[0]))
			abort();
		chunk = calloc(CHUNK_BLOCKS, sizeof(*chunk));
		if (!chunk)
			abort();
		all_chunks[nr_chunks++] = chunk;
		chunk_used = 0;
	}
	return &chunk[chunk_used++];
}

static struct block *block_of(uint64_t vaddr, uint32_t ninsns)
{
	unsigned int h = hash_of(vaddr, ninsns);
	struct block *b;

	for (b = hash[h]; b; b = b->next)
		if (b->vaddr == vaddr && b->ninsns == ninsns)
			return b;
	b = new_block();
	b->vaddr = vaddr;
	b->ninsns = ninsns;
	b->next = hash[h];
	hash[h] = b;
	return b;
}

#define for_each_block(b, c, i)						\
	for (c = 0; c < nr_chunks; c++)					\
		for (i = 0; i < (c + 1 == nr_chunks ? chunk_used :	\
				 CHUNK_BLOCKS); i++)			\
			if ((b = &all_chunks[c][i]), true)

/*
 * At the first mark every count so far is put aside; at the second the
 * counts are frozen by taking the difference now and never again.
 */
static void on_mark(unsigned int vcpu, void *udata)
{
	struct block *b;
	size_t c, i;

	if (++marks_seen > 2)
		return;
	for_each_block(b, c, i) {
		if (marks_seen == 1)
			b->at_mark = b->count;
		else
			b->at_mark = b->count - b->at_mark;
	}
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct block *b = block_of(vaddr, n);
	struct qemu_plugin_insn *last = qemu_plugin_tb_get_insn(tb, n - 1);

	b->bytes = qemu_plugin_insn_vaddr(last) + qemu_plugin_insn_size(last) -
		   vaddr;

	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
	if (have_mark && vaddr == mark_addr)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_mark,
						     QEMU_PLUGIN_CB_NO_REGS,
						     NULL);
}

static void write_profile(qemu_plugin_id_t id, void *udata)
{
	bool window = have_mark && marks_seen >= 2;
	FILE *f = fopen(out_path, "w");
	struct block *b;
	size_t c, i;

	if (!f) {
		perror(out_path);
		return;
	}
	fprintf(f, "# insn-profile: %s\n", window ?
		"between the first and second mark" :
		have_mark ? "whole run (the mark ran fewer than twice)" :
		"whole run");
	for_each_block(b, c, i) {
		/* A block first translated after the second mark has 0. */
		uint64_t n = window ? b->at_mark : b->count;

		if (n)
			fprintf(f, "%" PRIx64 " %u %" PRIu64 " %u\n", b->vaddr,
				b->ninsns, n, b->bytes);
	}
	fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4)) {
			out_path = argv[i] + 4;
		} else if (!strncmp(argv[i], "mark=", 5)) {
			mark_addr = strtoull(argv[i] + 5, NULL, 16);
			have_mark = true;
		} else {
			fprintf(stderr, "insn-profile: unknown argument '%s' "
				"(out=FILE, mark=ADDR)\n", argv[i]);
			return -1;
		}
	}
	if (!out_path) {
		fprintf(stderr, "insn-profile: out=FILE is required\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, write_profile, NULL);
	return 0;
}
