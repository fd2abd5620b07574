// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Does the GCC that loaded the plugin match the one it was built for?
 *
 * A plugin is compiled against one GCC's headers: its tree codes, pass
 * classes and target macros (pointer size, alignment rules) are that
 * GCC's.  A cross compiler of the same version is another GCC, so the
 * version alone does not tell them apart: an ARM plugin loaded into the
 * x86_64 gcc-12 must say so, with both targets, or the user reads
 * "built for GCC 12.2.0 cannot run in GCC 12.2.0".  The target is the
 * --target= word of the configure command line each GCC carries.
 */
#include "kasan.h"
#include "plugin-version.h"

/* The --target= of CONFIG_ARGS, into BUF; NULL when it names none. */
static const char *configured_target(const char *config_args, char *buf,
				     size_t size)
{
	static const char key[] = "--target=";
	const char *p = config_args ? strstr(config_args, key) : NULL;
	size_t n;

	if (!p)
		return NULL;
	p += sizeof(key) - 1;
	n = strcspn(p, " '\"");
	if (n >= size)
		n = size - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return buf;
}

/*
 * The target the plugin was built for (and runs in, once it matched),
 * for messages: "the target" when its configure line names none.
 */
const char *kasan_built_target(void)
{
	static char name[128];
	const char *target = configured_target(
		gcc_version.configuration_arguments, name, sizeof(name));

	return target ? target : "the target";
}

/*
 * True when VERSION, the running GCC's, is the plugin's; else reports an
 * error naming both versions and targets.
 */
bool kasan_gcc_matches(struct plugin_gcc_version *version)
{
	static const char unknown[] = "an unknown target";
	char ours[128], theirs[128];
	const char *our_target, *their_target;
	bool same_name;

	if (plugin_default_version_check(version, &gcc_version))
		return true;
	our_target = configured_target(gcc_version.configuration_arguments,
				       ours, sizeof(ours));
	their_target = configured_target(version->configuration_arguments,
					 theirs, sizeof(theirs));
	if (!our_target)
		our_target = unknown;
	if (!their_target)
		their_target = unknown;
	same_name = !strcmp(gcc_version.basever, version->basever)
		    && !strcmp(our_target, their_target);
	/* Same version and target, yet another build: say what differs. */
	error("kasan plugin built for GCC %s targeting %s cannot run in GCC %s "
	      "targeting %s%s; rebuild the plugin with the plugin headers of this GCC",
	      gcc_version.basever, our_target, version->basever, their_target,
	      same_name ? " (the two were configured or built differently)"
			: "");
	return false;
}
