/* The default shadow offset 0xdffffc0000000000 appears, as the unsigned
   decimal constant 16140896666449346560, in the GIMPLE of an inline
   check in the kasan dump.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fplugin-arg-kasan-inline -fplugin-arg-kasan-dump" } */

__attribute__((noinline)) long long
so_default (long long *p)
{
  return *p;
}

/* { dg-final { scan-tree-dump {16140896666449346560} "kasan" } } */
/* { dg-final { scan-tree-dump {>> 3} "kasan" } } */
/* { dg-final { scan-tree-dump-times {__asan_report_load8_noabort \(} 1 "kasan" } } */
