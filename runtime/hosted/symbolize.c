// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Addresses as "func+0x1c/0x40", as the kernel's %pS prints them, and
 * what a data address belongs to.
 *
 * The executable's symbols come from its own ELF file, /proc/self/exe,
 * mapped once on the first report: .symtab (static functions too) and
 * .dynsym, FUNC and OBJECT symbols with their sizes, sorted by address
 * and moved by the load bias of a PIE.  An address no symbol contains is
 * given to the symbol before it, with the distance to the next symbol as
 * its size, as kallsyms does (a native GCC global's redzone is not in its
 * ELF size).  Shared libraries' addresses go through dladdr1(), which
 * knows their dynamic symbols; " [libc.so.6]" names the library, as the
 * kernel names a module.  Nothing here allocates: reports happen inside
 * malloc.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hosted.h"

struct symbol {
	unsigned long addr;
	unsigned long size;
	const char *name;
	unsigned int rank;	/* which of several at one address wins */
	bool is_object;
};

#define MAX_SEGMENTS	16

static kasan_lock_t sym_lock = KASAN_LOCK_INITIALIZER;
static bool sym_ready;
static struct symbol *symbols;
static size_t nsymbols;
static unsigned long exe_bias;
static unsigned long exe_seg_start[MAX_SEGMENTS], exe_seg_end[MAX_SEGMENTS];
static unsigned int exe_nsegs;

static int find_exe(struct dl_phdr_info *info, size_t size, void *arg)
{
	unsigned int i;

	(void)size;
	(void)arg;
	exe_bias = info->dlpi_addr;
	for (i = 0; i < info->dlpi_phnum && exe_nsegs < MAX_SEGMENTS; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		exe_seg_start[exe_nsegs] = info->dlpi_addr + ph->p_vaddr;
		exe_seg_end[exe_nsegs] = info->dlpi_addr + ph->p_vaddr +
					 ph->p_memsz;
		exe_nsegs++;
	}
	return 1;	/* the first object is the executable */
}

static bool in_exe(unsigned long addr)
{
	unsigned int i;

	for (i = 0; i < exe_nsegs; i++)
		if (addr >= exe_seg_start[i] && addr < exe_seg_end[i])
			return true;
	return false;
}

static bool symbol_less(const struct symbol *a, const struct symbol *b)
{
	if (a->addr != b->addr)
		return a->addr < b->addr;
	return a->rank > b->rank;
}

static void sift_down(struct symbol *s, size_t root, size_t n)
{
	for (;;) {
		size_t child = 2 * root + 1;
		struct symbol t;

		if (child >= n)
			return;
		if (child + 1 < n && symbol_less(&s[child], &s[child + 1]))
			child++;
		if (!symbol_less(&s[root], &s[child]))
			return;
		t = s[root];
		s[root] = s[child];
		s[child] = t;
		root = child;
	}
}

/* Heapsort: qsort() may call malloc(). */
static void sort_symbols(struct symbol *s, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		sift_down(s, i, n);
	for (i = n; i-- > 1;) {
		struct symbol t = s[0];

		s[0] = s[i];
		s[i] = t;
		sift_down(s, 0, i);
	}
}

static bool wanted(const ElfW(Sym) *sym)
{
	unsigned int type = ELF64_ST_TYPE(sym->st_info);

	return (type == STT_FUNC || type == STT_OBJECT ||
		type == STT_GNU_IFUNC) &&
	       sym->st_shndx != SHN_UNDEF && sym->st_value;
}

/* Sized global functions first: they are the names people know. */
static unsigned int rank(const ElfW(Sym) *sym)
{
	unsigned int r = 0;

	if (sym->st_size)
		r += 4;
	if (ELF64_ST_BIND(sym->st_info) != STB_LOCAL)
		r += 2;
	if (ELF64_ST_TYPE(sym->st_info) == STT_FUNC)
		r += 1;
	return r;
}

/* Count (out == NULL) or collect the wanted symbols of the file. */
static size_t read_symbols(const char *file, size_t file_size,
			   struct symbol *out)
{
	const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)file;
	const ElfW(Shdr) *sh;
	size_t n = 0;
	unsigned int i;

	if (file_size < sizeof(*eh) || eh->e_ident[EI_MAG0] != ELFMAG0 ||
	    eh->e_ident[EI_MAG1] != ELFMAG1 ||
	    eh->e_ident[EI_MAG2] != ELFMAG2 ||
	    eh->e_ident[EI_MAG3] != ELFMAG3 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shoff + (size_t)eh->e_shnum * sizeof(*sh) > file_size)
		return 0;
	sh = (const ElfW(Shdr) *)(file + eh->e_shoff);
	for (i = 0; i < eh->e_shnum; i++) {
		const ElfW(Sym) *syms;
		const char *strtab;
		size_t j, count, strsize;

		if (sh[i].sh_type != SHT_SYMTAB && sh[i].sh_type != SHT_DYNSYM)
			continue;
		if (sh[i].sh_link >= eh->e_shnum ||
		    sh[i].sh_offset + sh[i].sh_size > file_size ||
		    sh[sh[i].sh_link].sh_offset +
		    sh[sh[i].sh_link].sh_size > file_size)
			continue;
		syms = (const ElfW(Sym) *)(file + sh[i].sh_offset);
		count = sh[i].sh_size / sizeof(*syms);
		strtab = file + sh[sh[i].sh_link].sh_offset;
		strsize = sh[sh[i].sh_link].sh_size;
		for (j = 0; j < count; j++) {
			if (!wanted(&syms[j]) || syms[j].st_name >= strsize)
				continue;
			if (out) {
				out[n].addr = exe_bias + syms[j].st_value;
				out[n].size = syms[j].st_size;
				out[n].name = strtab + syms[j].st_name;
				out[n].rank = rank(&syms[j]);
				out[n].is_object =
					ELF64_ST_TYPE(syms[j].st_info) ==
					STT_OBJECT;
			}
			n++;
		}
	}
	return n;
}

static void load_symbols(void)
{
	struct stat st;
	char *file;
	void *mem;
	size_t n, i, kept;
	int fd;

	dl_iterate_phdr(find_exe, NULL);
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &st) || st.st_size <= 0) {
		close(fd);
		return;
	}
	file = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (file == MAP_FAILED)
		return;
	n = read_symbols(file, st.st_size, NULL);
	if (!n)
		return;
	mem = mmap(NULL, n * sizeof(struct symbol), PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return;
	symbols = mem;
	read_symbols(file, st.st_size, symbols);
	sort_symbols(symbols, n);
	/* One symbol per address: the best ranked sorts first. */
	for (i = kept = 0; i < n; i++)
		if (!kept || symbols[kept - 1].addr != symbols[i].addr)
			symbols[kept++] = symbols[i];
	nsymbols = kept;
}

static void symbols_init(void)
{
	unsigned long flags;

	if (__atomic_load_n(&sym_ready, __ATOMIC_ACQUIRE))
		return;
	flags = kasan_plat_lock(&sym_lock);
	if (!sym_ready) {
		load_symbols();
		__atomic_store_n(&sym_ready, true, __ATOMIC_RELEASE);
	}
	kasan_plat_unlock(&sym_lock, flags);
}

/* The executable's symbol for addr: the last one at or before it. */
static const struct symbol *exe_lookup(unsigned long addr,
				       unsigned long *size)
{
	size_t lo = 0, hi = nsymbols;
	const struct symbol *s;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (symbols[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	s = &symbols[lo - 1];
	if (addr < s->addr + s->size) {
		*size = s->size;
		return s;
	}
	/* Not inside: kallsyms' answer, up to the next symbol. */
	if (lo < nsymbols)
		*size = symbols[lo].addr - s->addr;
	else
		*size = s->size > addr - s->addr ? s->size :
			addr - s->addr + 1;
	return s;
}

static const char *base_name(const char *path)
{
	const char *b = path;

	for (; *path; path++)
		if (*path == '/')
			b = path + 1;
	return b;
}

/*
 * addr is looked up; printed as if at addr + adjust (a return address is
 * looked up one byte before it: a call can be a function's last insn).
 */
static void symbolize(unsigned long addr, unsigned long adjust, char *buf,
		      size_t size)
{
	const struct symbol *s;
	unsigned long sym_size;
	const ElfW(Sym) *esym = NULL;
	Dl_info info;

	symbols_init();
	if (in_exe(addr) && (s = exe_lookup(addr, &sym_size))) {
		kasan_snprintf(buf, size, "%s+0x%lx/0x%lx", s->name,
			       addr + adjust - s->addr, sym_size);
		return;
	}
	if (dladdr1((void *)addr, &info, (void **)&esym, RTLD_DL_SYMENT) &&
	    info.dli_fname) {
		const char *lib = base_name(info.dli_fname);

		if (!*lib)
			lib = "?";
		if (info.dli_sname && esym) {
			kasan_snprintf(buf, size, "%s+0x%lx/0x%lx [%s]",
				       info.dli_sname, addr + adjust -
				       (unsigned long)info.dli_saddr,
				       (unsigned long)esym->st_size, lib);
			return;
		}
		kasan_snprintf(buf, size, "0x%lx [%s+0x%lx]", addr + adjust,
			       lib, addr + adjust -
			       (unsigned long)info.dli_fbase);
		return;
	}
	kasan_snprintf(buf, size, "0x%lx", addr + adjust);
}

void kasan_plat_symbolize(unsigned long addr, char *buf, size_t size)
{
	symbolize(addr, 0, buf, size);
}

void kasan_hosted_symbolize_return(unsigned long ip, char *buf, size_t size)
{
	if (ip)
		symbolize(ip - 1, 1, buf, size);
	else
		kasan_snprintf(buf, size, "0x0");
}

struct global_query {
	unsigned long addr;
	bool found;
	bool in_code;
};

static int find_segment(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct global_query *q = arg;
	unsigned int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD || q->addr < start ||
		    q->addr >= start + ph->p_memsz)
			continue;
		q->found = true;
		q->in_code = ph->p_flags & PF_X;
		return 1;
	}
	return 0;
}

/*
 * A data segment of the executable or of a library.  Old layouts put
 * .rodata in the code segment: there the symbol must be an object.
 */
bool kasan_plat_addr_is_global(unsigned long addr)
{
	struct global_query q = { .addr = addr };
	unsigned long sym_size;
	const struct symbol *s;

	dl_iterate_phdr(find_segment, &q);
	if (!q.found)
		return false;
	if (!q.in_code)
		return true;
	symbols_init();
	if (!in_exe(addr) || !(s = exe_lookup(addr, &sym_size)))
		return false;
	return s->is_object && addr < s->addr + s->size;
}

/*
 * /proc/self/maps, read without stdio: the mapping around addr.  Lines
 * are "start-end perms offset dev inode path".
 */
struct mapping {
	unsigned long start, end;
	char perms[5];
	char path[256];
};

static const char *parse_hex(const char *s, unsigned long *v)
{
	*v = 0;
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			*v = *v << 4 | (*s - '0');
		else if (*s >= 'a' && *s <= 'f')
			*v = *v << 4 | (*s - 'a' + 10);
		else
			return s;
	}
}

static bool parse_maps_line(const char *line, unsigned long addr,
			    struct mapping *m)
{
	const char *s = line;
	int field;
	size_t i;

	s = parse_hex(s, &m->start);
	if (*s++ != '-')
		return false;
	s = parse_hex(s, &m->end);
	if (addr < m->start || addr >= m->end)
		return false;
	while (*s == ' ')
		s++;
	for (i = 0; i < 4 && *s && *s != ' '; i++)
		m->perms[i] = *s++;
	m->perms[i] = '\0';
	/* offset, dev, inode */
	for (field = 0; field < 3; field++) {
		while (*s == ' ')
			s++;
		while (*s && *s != ' ')
			s++;
	}
	while (*s == ' ')
		s++;
	for (i = 0; i + 1 < sizeof(m->path) && *s; i++)
		m->path[i] = *s++;
	m->path[i] = '\0';
	return true;
}

static bool find_mapping(unsigned long addr, struct mapping *m)
{
	char buf[8192];
	size_t len = 0;
	bool found = false;
	int fd;

	fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	for (;;) {
		ssize_t n = read(fd, buf + len, sizeof(buf) - 1 - len);
		char *line, *nl;

		if (n <= 0)
			break;
		len += n;
		buf[len] = '\0';
		line = buf;
		for (;;) {
			for (nl = line; *nl && *nl != '\n'; nl++)
				;
			if (!*nl)
				break;
			*nl = '\0';
			if (parse_maps_line(line, addr, m)) {
				found = true;
				goto out;
			}
			line = nl + 1;
		}
		len = buf + len - line;
		/* A line longer than the buffer: drop it. */
		if (len == sizeof(buf) - 1)
			len = 0;
		else
			kasan_hosted_memmove(buf, line, len);
	}
out:
	close(fd);
	return found;
}

bool kasan_hosted_find_mapping(unsigned long addr, unsigned long *start,
			       unsigned long *end)
{
	struct mapping m;

	if (!find_mapping(addr, &m))
		return false;
	*start = m.start;
	*end = m.end;
	return true;
}

/* For an address that is no heap object, global or current stack. */
bool kasan_hosted_describe_mapping(unsigned long addr)
{
	struct mapping m;
	unsigned long lo, hi;

	if (kasan_plat_addr_is_global(addr) ||
	    (kasan_plat_current_stack(&lo, &hi) && addr >= lo && addr < hi))
		return false;
	if (!find_mapping(addr, &m)) {
		kasan_printf("The buggy address belongs to no mapping\n");
		return true;
	}
	kasan_printf("The buggy address belongs to the mapping "
		     "[0x%lx, 0x%lx) %s%s%s\n", m.start, m.end, m.perms,
		     m.path[0] ? " " : "", m.path);
	return true;
}
