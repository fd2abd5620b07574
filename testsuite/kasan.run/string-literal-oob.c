/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A load past the end of a string literal is a global-out-of-bounds:
   literals get redzones as globals do.  */
/* { dg-do run } */
/* { dg-shouldfail "kasan" } */

__attribute__((noipa)) static char load(const char *p, long i)
{
	return p[i];
}

int main(void)
{
	return load("literal", 8 + 3);
}
/* { dg-output "BUG: KASAN: global-out-of-bounds in load\\+0x\[0-9a-f\]+/0x\[0-9a-f\]+\[^\n\]*\n" } */
/* { dg-output "Read of size 1 at addr \[0-9a-f\]+ by task \[^\n/\]+/\[0-9\]+\n.*" } */
