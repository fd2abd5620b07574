/* A kernel-style allocator known only by its alloc_size attribute: the
   stores that fill the new object test its first byte, and the first of
   them covers the rest.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-kasan-dump" } */

struct item { long key; int count; short flags; char name[10]; };

void *kmalloc_trace (void *cache, unsigned int flags, unsigned long size)
  __attribute__ ((malloc, alloc_size (3)));

struct item *
new_item (void *cache, long key)
{
  struct item *it = kmalloc_trace (cache, 0, sizeof (*it));

  if (!it)
    return 0;
  it->key = key;
  it->count = 1;
  it->flags = 2;
  it->name[9] = 0;
  return it;
}

/* { dg-final { scan-tree-dump-times {inside a fresh allocation: store} 4 "kasan" } } */
/* { dg-final { scan-tree-dump-times {kasan: check store 1 scalar at it_[0-9]+ } 1 "kasan" } } */
