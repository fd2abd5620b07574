// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kasan: the kernel address sanitizer's compiler half, as a GCC plugin.
 *
 * Instruments every load and store with a check of KASan's shadow memory,
 * in the ABI of GCC's native -fsanitize=kernel-address, so a kernel built
 * by a GCC without KASan support runs mainline's mm/kasan (or ours).  It
 * never uses GCC's own sanitizer: no -fsanitize, no ASAN internal calls.
 *
 * Options (-fplugin-arg-kasan-KEY[=VALUE]):
 *   outline             a call per check, __asan_load4_noabort() (default)
 *   inline              inline shadow checks; functions with at least
 *                       call-threshold checks still use calls
 *   call-threshold=N    that threshold (default 7000 for inline, as GCC)
 *   shadow-offset=N     shadow = (addr >> 3) + N, decimal or 0x-hex
 *                       (default 0xdffffc0000000000, x86_64 KASan)
 *   recover / no-recover  _noabort entry points, or reports that do not
 *                       return (default recover, as the kernel wants)
 *   reads / no-reads, writes / no-writes   instrument loads / stores
 *   mem-intrinsics=check|prefix|none   see memintrin.c (default check)
 *   eliminate / no-eliminate   remove redundant checks (default on)
 *   globals             redzones after globals, registered with the runtime
 *   stack               redzones around the locals of each function
 *   stats               one line per function on stderr
 *   dump[=FLAGS]        write the pass's dump, <file>.NNNt.kasan, with
 *                       GCC dump FLAGS such as lineno or details
 *                       (-fdump-tree-kasan cannot work: GCC reads dump
 *                       options before it loads plugins)
 *   disable             instrument nothing (per-file opt-out)
 *   help, version
 *
 * Usage:
 *   gcc -fplugin=kasan.so -fplugin-arg-kasan-inline -O2 -c foo.c
 *   (build/bin/kasan-cc picks the kasan.so built for the gcc it runs)
 *
 * Debugging: -fplugin-arg-kasan-dump lists every check, kept or removed,
 * then the instrumented function (also in -fdump-tree-all).
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
	X86_64_KASAN_SHADOW_OFFSET,	/* shadow_offset */
	0,				/* call_threshold */
	true,				/* recover */
	true,				/* reads */
	true,				/* writes */
	false,				/* globals */
	false,				/* stack */
	true,				/* eliminate */
	false,				/* stats */
	KASAN_MEMINTRIN_CHECK,		/* mem_intrinsics */
};

static const char kasan_help[] =
	"kasan: kernel address sanitizer instrumentation as a GCC plugin\n"
	"  -fplugin-arg-kasan-outline            a call per check (default)\n"
	"  -fplugin-arg-kasan-inline             inline shadow checks\n"
	"  -fplugin-arg-kasan-call-threshold=N   functions with >= N checks use calls\n"
	"                                        (inline mode; default 7000)\n"
	"  -fplugin-arg-kasan-shadow-offset=N    shadow = (addr >> 3) + N\n"
	"                                        (default 0xdffffc0000000000)\n"
	"  -fplugin-arg-kasan-recover            _noabort entry points (default)\n"
	"  -fplugin-arg-kasan-no-recover         reports do not return\n"
	"  -fplugin-arg-kasan-no-reads           do not instrument loads\n"
	"  -fplugin-arg-kasan-no-writes          do not instrument stores\n"
	"  -fplugin-arg-kasan-mem-intrinsics=check|prefix|none\n"
	"                                        memcpy/memset/memmove: range checks\n"
	"                                        (default), __asan_memcpy calls, or\n"
	"                                        nothing\n"
	"  -fplugin-arg-kasan-no-eliminate       keep redundant checks\n"
	"  -fplugin-arg-kasan-globals            redzones after global variables,\n"
	"                                        registered by a constructor\n"
	"  -fplugin-arg-kasan-stack              redzones around local variables\n"
	"  -fplugin-arg-kasan-stats              per-function check counts on stderr\n"
	"  -fplugin-arg-kasan-dump[=FLAGS]       dump file <file>.NNNt.kasan, FLAGS as\n"
	"                                        in -fdump-tree-kasan-FLAGS (lineno...)\n"
	"  -fplugin-arg-kasan-disable            instrument nothing\n"
	"  -fplugin-arg-kasan-help               this text\n"
	"  -fplugin-arg-kasan-version            the plugin's version\n";

static struct plugin_info kasan_plugin_info = {
	KASAN_PLUGIN_VERSION,
	kasan_help,
};

static const char valid_keys[] =
	"outline, inline, call-threshold=N, shadow-offset=N, recover, "
	"no-recover, reads, no-reads, writes, no-writes, "
	"mem-intrinsics=check|prefix|none, eliminate, no-eliminate, globals, "
	"no-globals, stack, no-stack, stats, dump[=FLAGS], disable, help, version";

struct flag_key {
	const char *key;
	bool *field;
	bool value;
};

static const struct flag_key flag_keys[] = {
	{ "recover", &kasan_opts.recover, true },
	{ "no-recover", &kasan_opts.recover, false },
	{ "reads", &kasan_opts.reads, true },
	{ "no-reads", &kasan_opts.reads, false },
	{ "writes", &kasan_opts.writes, true },
	{ "no-writes", &kasan_opts.writes, false },
	{ "eliminate", &kasan_opts.eliminate, true },
	{ "no-eliminate", &kasan_opts.eliminate, false },
	{ "globals", &kasan_opts.globals, true },
	{ "no-globals", &kasan_opts.globals, false },
	{ "stack", &kasan_opts.stack, true },
	{ "no-stack", &kasan_opts.stack, false },
	{ "stats", &kasan_opts.stats, true },
	{ "disable", &kasan_opts.disabled, true },
};

static const char *plugin_name;
static const char *dump_request;	/* "tree-kasan[-FLAGS]" */

static void arg_error(const struct plugin_argument *arg, const char *what)
{
	if (arg->value)
		error("%s in %<-fplugin-arg-%s-%s=%s%>", what, plugin_name,
		      arg->key, arg->value);
	else
		error("%s in %<-fplugin-arg-%s-%s%>", what, plugin_name,
		      arg->key);
}

/* Decimal or 0x-prefixed hex, the whole string, no sign. */
static bool parse_number(const char *s, unsigned HOST_WIDE_INT max,
			 unsigned HOST_WIDE_INT *out)
{
	unsigned HOST_WIDE_INT v = 0;
	int base = 10;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return false;
	for (; *s; s++) {
		int digit;

		if (ISDIGIT(*s))
			digit = *s - '0';
		else if (base == 16 && ISXDIGIT(*s))
			digit = TOLOWER(*s) - 'a' + 10;
		else
			return false;
		if (v > (max - digit) / base)
			return false;
		v = v * base + digit;
	}
	*out = v;
	return true;
}

static bool parse_flag(const struct plugin_argument *arg)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flag_keys); i++) {
		if (strcmp(arg->key, flag_keys[i].key))
			continue;
		if (arg->value)
			arg_error(arg, "unexpected value");
		*flag_keys[i].field = flag_keys[i].value;
		return true;
	}
	return false;
}

static bool parse_valued(const struct plugin_argument *arg,
			 bool *threshold_given)
{
	unsigned HOST_WIDE_INT v;

	if (!strcmp(arg->key, "shadow-offset")) {
		if (!arg->value)
			arg_error(arg, "missing value (decimal or 0x-hex)");
		else if (!parse_number(arg->value, HOST_WIDE_INT_M1U, &v))
			arg_error(arg, "malformed shadow offset, "
				  "expected decimal or 0x-hex");
		else
			kasan_opts.shadow_offset = v;
		return true;
	}
	if (!strcmp(arg->key, "call-threshold")) {
		if (!arg->value)
			arg_error(arg, "missing value (a count of checks)");
		else if (!parse_number(arg->value, INT_MAX, &v))
			arg_error(arg, "malformed call threshold, expected "
				  "a number from 0 to 2147483647");
		else
			kasan_opts.call_threshold = (int)v;
		*threshold_given = true;
		return true;
	}
	if (!strcmp(arg->key, "mem-intrinsics")) {
		if (!arg->value)
			arg_error(arg, "missing value (check, prefix or none)");
		else if (!strcmp(arg->value, "check"))
			kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_CHECK;
		else if (!strcmp(arg->value, "prefix"))
			kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_PREFIX;
		else if (!strcmp(arg->value, "none"))
			kasan_opts.mem_intrinsics = KASAN_MEMINTRIN_NONE;
		else
			arg_error(arg, "unknown value, expected check, "
				  "prefix or none");
		return true;
	}
	return false;
}

/* Returns false after reporting every bad argument. */
static bool parse_arguments(int argc, struct plugin_argument *argv)
{
	bool threshold_given = false, outline = false, inline_mode = false;
	int i;

	for (i = 0; i < argc; i++) {
		const struct plugin_argument *arg = &argv[i];

		if (!strcmp(arg->key, "outline") || !strcmp(arg->key, "inline")) {
			if (arg->value)
				arg_error(arg, "unexpected value");
			*(arg->key[0] == 'o' ? &outline : &inline_mode) = true;
		} else if (!strcmp(arg->key, "dump")) {
			dump_request = arg->value ?
				concat("tree-kasan-", arg->value, NULL) :
				"tree-kasan";
		} else if (!strcmp(arg->key, "help")) {
			fputs(kasan_help, stdout);
		} else if (!strcmp(arg->key, "version")) {
			printf("kasan plugin %s for GCC %s\n",
			       KASAN_PLUGIN_VERSION, gcc_version.basever);
		} else if (!parse_flag(arg) &&
			   !parse_valued(arg, &threshold_given)) {
			error("unknown option %<-fplugin-arg-%s-%s%>; valid: %s",
			      plugin_name, arg->key, valid_keys);
		}
	}

	if (outline && inline_mode)
		error("%<-fplugin-arg-%s-inline%> and %<-fplugin-arg-%s-outline%> "
		      "exclude each other", plugin_name, plugin_name);
	else if (outline && threshold_given)
		error("%<-fplugin-arg-%s-call-threshold%> needs inline checks, "
		      "but %<-fplugin-arg-%s-outline%> is given",
		      plugin_name, plugin_name);
	kasan_opts.inline_checks = inline_mode || threshold_given;
	if (inline_mode && !threshold_given)
		kasan_opts.call_threshold = GCC_DEFAULT_CALL_THRESHOLD;
	return !seen_error();
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
}

__visible int plugin_init(struct plugin_name_args *info,
			  struct plugin_gcc_version *version)
{
	const char *native;

	plugin_name = info->base_name;
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("kasan plugin built for GCC %s cannot run in GCC %s",
		      gcc_version.basever, version->basever);
		return 1;
	}
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
