/* A global of another unit declared in a section the kernel frees after
   boot (.init.data, .meminit.data), in one the linker script discards
   (.discard.*) or in the per-CPU template section is checked even at a
   constant position inside it: once its memory is freed an access is a
   use-after-free that KASan reports.  A global in a section
   that stays (.data..read_mostly) is not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-common -fplugin-arg-kasan-globals" } */

extern int boot_only __attribute__ ((section (".init.data")));
extern int hotplug_only __attribute__ ((section (".meminit.data")));
extern int per_cpu_template __attribute__ ((section (".data..percpu")));
extern int discarded __attribute__ ((section (".discard.addressable")));
extern int mostly_read __attribute__ ((section (".data..read_mostly")));

int init_data (void) { return boot_only; }
int meminit_data (void) { return hotplug_only; }
int percpu_data (void) { return per_cpu_template; }
int discard_data (void) { return discarded; }
int read_mostly (void) { return mostly_read; }

/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 init_data } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 meminit_data } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 percpu_data } } */
/* { dg-final { scan-assembler-func-times {\m__asan_load4_noabort\M} 1 discard_data } } */
/* { dg-final { scan-assembler-func-times {\m__asan_} 0 read_mostly } } */
