// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kasan: the kernel address sanitizer's compiler half, as a GCC plugin.
 *
 * Instruments every load and store with a check of KASan's shadow memory,
 * in the ABI of GCC's native -fsanitize=kernel-address, so a kernel built
 * by a GCC without KASan support runs mainline's mm/kasan (or ours).  It
 * never uses GCC's own sanitizer: no -fsanitize, no ASAN internal calls.
 *
 * Arguments (-fplugin-arg-kasan-KEY[=VALUE]) are listed once, in
 * plugin_args[] below, which drives both -fplugin-arg-kasan-help and the
 * checking of the command line.
 *
 * Usage:
 *   gcc -fplugin=kasan.so -fplugin-arg-kasan-inline -O2 -c foo.c
 *   (build/bin/kasan-cc picks the kasan.so built for the gcc it runs)
 *
 * Debugging: -fplugin-arg-kasan-dump lists every check, kept or removed,
 * then the instrumented function (also in -fdump-tree-all); the
 * -fdump-tree-kasan spelling cannot work, as GCC reads dump options
 * before it loads plugins.
 */
#include "kasan.h"
#include "plugin-version.h"

#define KASAN_PLUGIN_VERSION "0.1"
#define X86_64_KASAN_SHADOW_OFFSET 0xdffffc0000000000ULL
#define GCC_DEFAULT_CALL_THRESHOLD 7000

__visible int plugin_is_GPL_compatible;

struct kasan_options kasan_opts = {
	false,				/* disabled */
	false,				/* inline_checks */
	0,				/* shadow_offset: choose_shadow_offset() */
	0,				/* call_threshold */
	true,				/* recover */
	true,				/* reads */
	true,				/* writes */
	false,				/* globals */
	false,				/* stack */
	true,				/* use_after_scope */
	false,				/* use_after_return */
	true,				/* eliminate */
	true,				/* hoist */
	false,				/* version_loops */
	true,				/* window_loops */
	false,				/* stats */
	KASAN_MEMINTRIN_CHECK,		/* mem_intrinsics */
	true,				/* explicit_checks */
};

static const char *plugin_name;
static const char *dump_request;	/* "tree-kasan[-FLAGS]" */

/* What the command line said, for the checks that look at several keys. */
static struct {
	bool outline;
	bool inline_mode;
	bool threshold;
	const char *shadow_offset;	/* as written */
} given;

enum arg_value { NO_VALUE, NEEDS_VALUE, OPTIONAL_VALUE };

struct plugin_arg;

/* Applies ARG's VALUE (NULL if none); returns an error message or NULL. */
typedef const char *(*arg_handler)(const struct plugin_arg *arg,
				   const char *value);

/*
 * One argument: its key, the value it takes (value_name is how help
 * shows it, expects how an error describes it), its help text (lines
 * after the first start with '\n'), and its handler, with the field and
 * value that set_flag() stores.
 */
struct plugin_arg {
	const char *key;
	enum arg_value takes;
	const char *value_name;
	const char *expects;
	arg_handler handle;
	bool *flag;
	bool flag_value;
	const char *help;
};

static const char *set_flag(const struct plugin_arg *arg, const char *value)
{
	*arg->flag = arg->flag_value;
	return NULL;
}

enum parsed { PARSED, MALFORMED, TOO_LARGE };

/* Decimal or 0x-prefixed hex, the whole string, no sign, at most MAX. */
static enum parsed parse_number(const char *s, unsigned HOST_WIDE_INT max,
				unsigned HOST_WIDE_INT *out)
{
	unsigned HOST_WIDE_INT v = 0;
	bool too_large = false;
	int base = 10;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return MALFORMED;
	for (; *s; s++) {
		int digit;

		if (ISDIGIT(*s))
			digit = *s - '0';
		else if (base == 16 && ISXDIGIT(*s))
			digit = TOLOWER(*s) - 'a' + 10;
		else
			return MALFORMED;
		if (v > (max - digit) / base)
			too_large = true;
		v = v * base + digit;
	}
	if (too_large)
		return TOO_LARGE;
	*out = v;
	return PARSED;
}

/* The target's pointer width is only known later: choose_shadow_offset(). */
static const char *set_shadow_offset(const struct plugin_arg *arg,
				     const char *value)
{
	unsigned HOST_WIDE_INT v;

	switch (parse_number(value, HOST_WIDE_INT_M1U, &v)) {
	case MALFORMED:
		return "malformed shadow offset, expected decimal or 0x-hex";
	case TOO_LARGE:
		return "shadow offset does not fit in 64 bits";
	default:
		kasan_opts.shadow_offset = v;
		given.shadow_offset = value;
		return NULL;
	}
}

static const char *set_call_threshold(const struct plugin_arg *arg,
				      const char *value)
{
	unsigned HOST_WIDE_INT v;

	given.threshold = true;
	switch (parse_number(value, INT_MAX, &v)) {
	case MALFORMED:
		return "malformed call threshold, expected a number from 0 "
		       "to 2147483647";
	case TOO_LARGE:
		return "call threshold above 2147483647";
	default:
		kasan_opts.call_threshold = (int)v;
		return NULL;
	}
}

static const char *set_mem_intrinsics(const struct plugin_arg *arg,
				      const char *value)
{
	if (!strcmp(value, "check"))
		kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_CHECK;
	else if (!strcmp(value, "prefix"))
		kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_PREFIX;
	else if (!strcmp(value, "prefix-variable"))
		kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_PREFIX_VARIABLE;
	else if (!strcmp(value, "none"))
		kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_NONE;
	else
		return "unknown value, expected check, prefix, "
		       "prefix-variable or none";
	return NULL;
}

static const char *set_dump(const struct plugin_arg *arg, const char *value)
{
	dump_request = value ? concat("tree-kasan-", value, NULL) :
			       "tree-kasan";
	return NULL;
}

static const char *print_help(const struct plugin_arg *arg,
			      const char *value);

static const char *print_version(const struct plugin_arg *arg,
				 const char *value)
{
	printf("kasan plugin %s for GCC %s\n", KASAN_PLUGIN_VERSION,
	       gcc_version.basever);
	return NULL;
}

#define FLAG(key, field, value, help) \
	{ key, NO_VALUE, NULL, NULL, set_flag, &kasan_opts.field, value, help }
#define MODE(key, field, help) \
	{ key, NO_VALUE, NULL, NULL, set_flag, &given.field, true, help }
#define VALUED(key, takes, name, expects, handler, help) \
	{ key, takes, name, expects, handler, NULL, false, help }

static const struct plugin_arg plugin_args[] = {
	MODE("outline", outline, "a call per check (default)"),
	MODE("inline", inline_mode, "inline shadow checks"),
	VALUED("call-threshold", NEEDS_VALUE, "N", "a count of checks",
	       set_call_threshold,
	       "functions with >= N checks use calls\n"
	       "(inline mode; default 7000)"),
	VALUED("shadow-offset", NEEDS_VALUE, "N", "decimal or 0x-hex",
	       set_shadow_offset,
	       "shadow = (addr >> 3) + N, decimal or\n"
	       "0x-hex (default on x86_64: 0xdffffc0000000000;\n"
	       "required on other targets)"),
	FLAG("recover", recover, true, "_noabort entry points (default)"),
	FLAG("no-recover", recover, false, "reports do not return"),
	FLAG("reads", reads, true, "instrument loads (default)"),
	FLAG("no-reads", reads, false, "do not instrument loads"),
	FLAG("writes", writes, true, "instrument stores (default)"),
	FLAG("no-writes", writes, false, "do not instrument stores"),
	VALUED("mem-intrinsics", NEEDS_VALUE,
	       "check|prefix|prefix-variable|none",
	       "check, prefix, prefix-variable or none", set_mem_intrinsics,
	       "memcpy/memset/memmove: range checks\n"
	       "(default), __asan_memcpy calls, those\n"
	       "calls for variable lengths only, or\nnothing"),
	FLAG("explicit-checks", explicit_checks, true,
	     "__kasan_check_read/write(p, 1|2|4|8) become checks (default)"),
	FLAG("keep-explicit-checks", explicit_checks, false,
	     "leave __kasan_check_read/write calls alone"),
	FLAG("eliminate", eliminate, true,
	     "remove redundant checks (default)"),
	FLAG("no-eliminate", eliminate, false, "keep redundant checks"),
	FLAG("hoist", hoist, true,
	     "checks of plain loops before the loop\n(default; hoist.c)"),
	FLAG("no-hoist", hoist, false, "keep checks in their loops"),
	FLAG("version-loops", version_loops, true,
	     "outline: loops run without checks when\n"
	     "the runtime's __kasan_range_accessible()\n"
	     "finds their bytes accessible (version.c)"),
	FLAG("no-version-loops", version_loops, false,
	     "no such copies (default: mainline's\nruntime lacks the test)"),
	FLAG("window-loops", window_loops, true,
	     "inline: loops run without checks in\n"
	     "windows whose shadow an inline test\n"
	     "found clear (default; window.c)"),
	FLAG("no-window-loops", window_loops, false, "no such copies"),
	FLAG("globals", globals, true,
	     "redzones after global variables,\nregistered by a constructor"),
	FLAG("no-globals", globals, false, "no redzones for globals (default)"),
	FLAG("stack", stack, true, "redzones around local variables"),
	FLAG("no-stack", stack, false, "no redzones for locals (default)"),
	FLAG("use-after-scope", use_after_scope, true,
	     "with stack: a local's bytes are poisoned\nwhen its scope ends (default)"),
	FLAG("no-use-after-scope", use_after_scope, false,
	     "with stack: redzones only"),
	FLAG("use-after-return", use_after_return, true,
	     "with stack: frames from the runtime's\nfake stacks, poisoned on return"),
	FLAG("no-use-after-return", use_after_return, false,
	     "with stack: frames on the real stack\n(default)"),
	FLAG("stats", stats, true, "per-function check counts on stderr"),
	VALUED("dump", OPTIONAL_VALUE, "FLAGS", NULL, set_dump,
	       "dump file <file>.NNNt.kasan, FLAGS as\n"
	       "in -fdump-tree-kasan-FLAGS (lineno...)"),
	FLAG("disable", disabled, true, "instrument nothing"),
	VALUED("help", NO_VALUE, NULL, NULL, print_help, "this text"),
	VALUED("version", NO_VALUE, NULL, NULL, print_version,
	       "the plugin's version"),
};

#define HELP_COLUMN 40

/* Appends S to the text at *BUF (NULL: only counts) of *LEN chars. */
static void append(char *buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (buf)
		memcpy(buf + *len, s, n + 1);
	*len += n;
}

/* "-fplugin-arg-kasan-KEY[=VALUE]" as help and the valid list show it. */
static void append_spelling(char *buf, size_t *len,
			    const struct plugin_arg *arg)
{
	append(buf, len, arg->key);
	if (arg->takes == OPTIONAL_VALUE)
		append(buf, len, "[=");
	else if (arg->takes == NEEDS_VALUE)
		append(buf, len, "=");
	if (arg->takes != NO_VALUE)
		append(buf, len, arg->value_name);
	if (arg->takes == OPTIONAL_VALUE)
		append(buf, len, "]");
}

/* ARG's help line(s), continuation lines indented to HELP_COLUMN. */
static void append_help_entry(char *buf, size_t *len,
			      const struct plugin_arg *arg)
{
	size_t start = *len;
	const char *line;

	append(buf, len, "  -fplugin-arg-");
	append(buf, len, plugin_name);
	append(buf, len, "-");
	append_spelling(buf, len, arg);
	for (line = arg->help; line; ) {
		const char *nl = strchr(line, '\n');
		size_t col = *len - start, n = nl ? nl - line : strlen(line);

		if (col >= HELP_COLUMN) {
			append(buf, len, "\n");
			start = *len;
			col = 0;
		}
		for (; col < HELP_COLUMN; col++)
			append(buf, len, " ");
		if (buf)
			memcpy(buf + *len, line, n);
		*len += n;
		append(buf, len, "\n");
		start = *len;
		line = nl ? nl + 1 : NULL;
	}
}

static void append_help(char *buf, size_t *len)
{
	unsigned int i;

	append(buf, len, "kasan: kernel address sanitizer instrumentation as "
	       "a GCC plugin\n");
	for (i = 0; i < ARRAY_SIZE(plugin_args); i++)
		append_help_entry(buf, len, &plugin_args[i]);
}

static void append_valid_keys(char *buf, size_t *len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plugin_args); i++) {
		if (i)
			append(buf, len, ", ");
		append_spelling(buf, len, &plugin_args[i]);
	}
}

/* Runs APPEND twice: to size the text, then to write it. */
static char *build_text(void (*append_all)(char *, size_t *))
{
	size_t len = 0;
	char *buf;

	append_all(NULL, &len);
	buf = XNEWVEC(char, len + 1);
	len = 0;
	buf[0] = '\0';
	append_all(buf, &len);
	return buf;
}

static struct plugin_info kasan_plugin_info = {
	KASAN_PLUGIN_VERSION,
	NULL,		/* help: built from plugin_args[] */
};

static const char *print_help(const struct plugin_arg *arg,
			      const char *value)
{
	fputs(kasan_plugin_info.help, stdout);
	return NULL;
}

static void arg_error(const struct plugin_argument *arg, const char *what)
{
	if (arg->value)
		error("%s in %<-fplugin-arg-%s-%s=%s%>", what, plugin_name,
		      arg->key, arg->value);
	else
		error("%s in %<-fplugin-arg-%s-%s%>", what, plugin_name,
		      arg->key);
}

static const struct plugin_arg *find_arg(const char *key)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plugin_args); i++)
		if (!strcmp(key, plugin_args[i].key))
			return &plugin_args[i];
	return NULL;
}

static void apply_argument(const struct plugin_argument *arg)
{
	const struct plugin_arg *spec = find_arg(arg->key);
	const char *problem;

	if (!spec) {
		char *valid = build_text(append_valid_keys);

		error("unknown option %<-fplugin-arg-%s-%s%>; valid: %s",
		      plugin_name, arg->key, valid);
		free(valid);
		return;
	}
	if (spec->takes == NO_VALUE && arg->value)
		problem = "unexpected value";
	else if (spec->takes == NEEDS_VALUE && !arg->value)
		problem = ACONCAT(("missing value, expected ", spec->expects,
				   NULL));
	else
		problem = spec->handle(spec, arg->value);
	if (problem)
		arg_error(arg, problem);
}

/* Returns false after reporting every bad argument. */
static bool parse_arguments(int argc, struct plugin_argument *argv)
{
	int i;

	kasan_plugin_info.help = build_text(append_help);
	for (i = 0; i < argc; i++)
		apply_argument(&argv[i]);

	if (given.outline && given.inline_mode)
		error("%<-fplugin-arg-%s-inline%> and %<-fplugin-arg-%s-outline%> "
		      "exclude each other", plugin_name, plugin_name);
	else if (given.outline && given.threshold)
		error("%<-fplugin-arg-%s-call-threshold%> needs inline checks, "
		      "but %<-fplugin-arg-%s-outline%> is given",
		      plugin_name, plugin_name);
	if (kasan_opts.use_after_return && !kasan_opts.stack)
		error("%<-fplugin-arg-%s-use-after-return%> needs "
		      "%<-fplugin-arg-%s-stack%>: only protected frames move "
		      "to fake stacks", plugin_name, plugin_name);
	kasan_opts.inline_checks = given.inline_mode || given.threshold;
	if (given.inline_mode && !given.threshold)
		kasan_opts.call_threshold = GCC_DEFAULT_CALL_THRESHOLD;
	return !seen_error();
}

/*
 * Without shadow-offset, the kernel's offset of the target, where there
 * is only one: x86_64's.  Others have none to default to (32-bit ARM's
 * follows the kernel's PAGE_OFFSET; x86 with -m32 or -mx32 has no KASan
 * kernel at all), so the offset must be given.
 */
static void default_shadow_offset(unsigned int bits)
{
	const char *target = kasan_built_target();

	if (startswith(target, "x86_64") && bits == 64) {
		kasan_opts.shadow_offset = X86_64_KASAN_SHADOW_OFFSET;
		return;
	}
	if (startswith(target, "arm"))
		error("kasan: no default shadow offset for %s: give "
		      "%<-fplugin-arg-%s-shadow-offset=N%>, N being the "
		      "kernel%'s %<CONFIG_KASAN_SHADOW_OFFSET%>, which on ARM "
		      "depends on its %<PAGE_OFFSET%> (the user/kernel split)",
		      target, plugin_name);
	else
		error("kasan: no default shadow offset for %s with %u-bit "
		      "pointers (there is one for %qs with 64-bit pointers "
		      "only): give %<-fplugin-arg-%s-shadow-offset=N%>",
		      target, bits, "x86_64",
		      plugin_name);
}

/*
 * The shadow offset for this target's pointers: one wider than them
 * would be cut short in the address arithmetic.  The pointer width is
 * final only once the options are processed, after plugin_init(): the
 * offset is chosen and checked at the unit's start.
 */
static void choose_shadow_offset(void *event_data ATTRIBUTE_UNUSED,
				 void *user_data ATTRIBUTE_UNUSED)
{
	unsigned int bits = TYPE_PRECISION(ptr_type_node);

	if (kasan_opts.disabled)
		return;
	if (!given.shadow_offset) {
		default_shadow_offset(bits);
		return;
	}
	if (bits >= HOST_BITS_PER_WIDE_INT ||
	    !(kasan_opts.shadow_offset >> bits))
		return;
	error("shadow offset does not fit in the %u-bit pointers of %s in "
	      "%<-fplugin-arg-%s-shadow-offset=%s%>", bits,
	      kasan_built_target(),
	      plugin_name, given.shadow_offset);
}

/*
 * Checked on the command line rather than in GCC's sanitizer state, which
 * a compiler without sanitizer support does not have: the last
 * -fsanitize= or -fno-sanitize= naming an address sanitizer wins.
 */
static bool native_asan_requested(const char **which)
{
	bool on = false;
	unsigned int i;

	for (i = 0; i < save_decoded_options_count; i++) {
		const char *opt = save_decoded_options[i].orig_option_with_args_text;
		bool positive;
		const char *list;

		if (!opt)
			continue;
		if (startswith(opt, "-fsanitize="))
			positive = true;
		else if (startswith(opt, "-fno-sanitize="))
			positive = false;
		else
			continue;
		list = strchr(opt, '=') + 1;
		if (!strstr(list, "address"))
			continue;
		on = positive;
		*which = opt;
	}
	return on;
}

/*
 * -fsanitize=kernel-address predefines __SANITIZE_ADDRESS__ and kernel
 * headers depend on it (kasan-checks.h, the x86 string functions).  The
 * C family front ends let a plugin in at pragma registration, before the
 * builtin macros and -D/-U are processed, also for -E.  Weak, because
 * lto1 has no preprocessor.
 */
extern cpp_reader *parse_in __attribute__((weak));
extern void cpp_define(cpp_reader *, const char *) __attribute__((weak));

static void define_sanitize_address(void *event_data ATTRIBUTE_UNUSED,
				    void *user_data ATTRIBUTE_UNUSED)
{
	if (!kasan_opts.disabled && &parse_in && parse_in && cpp_define)
		cpp_define(parse_in, "__SANITIZE_ADDRESS__");
}

static void register_passes(void)
{
	struct register_pass_info instrument = {
		kasan_make_instrument_pass(), "optimized", 1,
		PASS_POS_INSERT_BEFORE
	};
	struct register_pass_info inline_policy = {
		kasan_make_inline_policy_pass(), "einline", 1,
		PASS_POS_INSERT_BEFORE
	};

	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &inline_policy);
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
			  &instrument);
	register_callback(plugin_name, PLUGIN_EARLY_GIMPLE_PASSES_END,
			  kasan_early_gimple_passes_end, NULL);
	register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_END,
			  kasan_protect_globals, NULL);
	register_callback(plugin_name, PLUGIN_ALL_PASSES_END,
			  kasan_grow_globals, NULL);
	register_callback(plugin_name, PLUGIN_FINISH_UNIT,
			  kasan_check_globals_grown, NULL);
	register_callback(plugin_name, PLUGIN_START_UNIT,
			  choose_shadow_offset, NULL);
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	const char *native;

	plugin_name = info->base_name;
	if (!kasan_gcc_matches(version))
		return 1;
	if (!parse_arguments(info->argc, info->argv))
		return 1;
	if (native_asan_requested(&native)) {
		error("%qs and the kasan plugin exclude each other: the plugin "
		      "replaces the address sanitizer of GCC", native);
		return 1;
	}

	register_callback(plugin_name, PLUGIN_INFO, NULL, &kasan_plugin_info);
	register_callback(plugin_name, PLUGIN_ATTRIBUTES,
			  kasan_register_attributes, NULL);
	register_callback(plugin_name, PLUGIN_PRAGMAS, define_sanitize_address,
			  NULL);
	kasan_register_ggc_roots(plugin_name);
	kasan_register_globals_roots(plugin_name);
	kasan_register_literal_roots(plugin_name);
	register_passes();
	/* Our dump exists only now; GCC reports unknown dump flags itself. */
	if (dump_request)
		g->get_dumps()->dump_switch_p(dump_request);
	return seen_error() ? 1 : 0;
}
