/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fork() from a function with protected locals: the child goes on with a
   copy of its thread's fake stack, returns through the same frames and
   uses its callers' locals.  No report in either process.  */
/* { dg-do run } */

#include <sys/wait.h>
#include <unistd.h>

__attribute__((noipa)) static void bump(int *p)
{
	(*p)++;
}

__attribute__((noipa)) static int split(int *parent_local)
{
	int mine = 10;
	pid_t pid;

	bump(&mine);
	pid = fork();
	bump(parent_local);
	bump(&mine);
	return pid < 0 ? -1 : pid == 0 ? mine : 0;
}

int main(void)
{
	int outer = 1, status, r, i;

	r = split(&outer);
	for (i = 0; i < 1000; i++)
		bump(&outer);
	if (r > 0)
		_exit(r == 12 && outer == 1002 ? 0 : 3);
	if (r < 0 || wait(&status) < 0)
		return 2;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	       outer == 1002 ? 0 : 1;
}
