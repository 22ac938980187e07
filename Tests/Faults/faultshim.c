// An LD_PRELOAD shim that makes writes fail as a full or broken disk would, for the
// fault tests: write, pwrite, writev, fsync, fdatasync and rename on files whose
// path contains $STRESSPUNCH_FAULT_PATH fail with errno $STRESSPUNCH_FAULT_ERRNO
// (default ENOSPC), after $STRESSPUNCH_FAULT_AFTER such calls succeeded (default 0), only
// for the calls named in $STRESSPUNCH_FAULT_CALLS when that is set (say "fsync"),
// at most $STRESSPUNCH_FAULT_TIMES times when that is set (then the disk is "freed"),
// and only while the file $STRESSPUNCH_FAULT_FLAG exists, when that is set. Build: cc -shared -fPIC -o faultshim.so
// faultshim.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static long calls, failures;

static int fault_call(const char *call, const char *path) {
    const char *pattern = getenv("STRESSPUNCH_FAULT_PATH");
    if (!pattern || !*pattern || !path || !strstr(path, pattern)) return 0;
    // $STRESSPUNCH_FAULT_CALLS, when set, names the only calls that count and fail ("fsync").
    const char *calls_named = getenv("STRESSPUNCH_FAULT_CALLS");
    if (calls_named && *calls_named && !strstr(calls_named, call)) return 0;
    const char *flag = getenv("STRESSPUNCH_FAULT_FLAG");
    if (flag && *flag) {
        struct stat info;
        if (stat(flag, &info) != 0) return 0;
    }
    const char *after = getenv("STRESSPUNCH_FAULT_AFTER");
    if (__atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) <= (after ? atol(after) : 0)) return 0;
    const char *times = getenv("STRESSPUNCH_FAULT_TIMES");
    if (times && __atomic_add_fetch(&failures, 1, __ATOMIC_SEQ_CST) > atol(times)) return 0;
    const char *code = getenv("STRESSPUNCH_FAULT_ERRNO");
    errno = code ? atoi(code) : ENOSPC;
    return 1;
}

static int fault_fd_call(const char *call, int fd);
static int fault_fd(int fd) { return fault_fd_call("write", fd); }
static int fault_path(const char *path) { return fault_call("rename", path); }

static int fault_fd_call(const char *call, int fd) {
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, path, sizeof path - 1);
    if (length <= 0) return 0;
    path[length] = 0;
    return fault_call(call, path);
}

// The next definition of the function this one stands in for (libc's).
#define REAL(name) static __typeof__(name) *real = NULL; if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buffer, size_t count) {
    REAL(write);
    if (fault_fd(fd)) return -1;
    return real(fd, buffer, count);
}

ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
    REAL(pwrite64);
    if (fault_fd(fd)) return -1;
    return real(fd, buffer, count, offset);
}

ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
    REAL(pwrite);
    if (fault_fd(fd)) return -1;
    return real(fd, buffer, count, offset);
}

ssize_t writev(int fd, const struct iovec *vectors, int count) {
    REAL(writev);
    if (fault_fd(fd)) return -1;
    return real(fd, vectors, count);
}

int fsync(int fd) {
    REAL(fsync);
    if (fault_fd_call("fsync", fd)) return -1;
    return real(fd);
}

int fdatasync(int fd) {
    REAL(fdatasync);
    if (fault_fd_call("fdatasync", fd)) return -1;
    return real(fd);
}

int rename(const char *from, const char *to) {
    REAL(rename);
    if (fault_path(to)) return -1;
    return real(from, to);
}
