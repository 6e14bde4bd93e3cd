/* Hostile native bot: what it attempts is in mode.txt in its folder (the port of
 * the test's server in port.txt, the paths to probe in targets.txt, one a line).
 * Every attempt is reported on stderr in the words the tests read
 * (tests/faults/test_hostile_runtimes.py). Built with gcc -static. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

extern char **environ;
static char mode[32];

static void read_file(const char *path, char *out, size_t size) {
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(out, 1, size - 1, f) : 0;
    out[n] = 0;
    if (f) fclose(f);
    while (n && (out[n - 1] == '\n' || out[n - 1] == ' ')) out[--n] = 0;
}

static void *sleeper(void *arg) {
    (void)arg;
    for (;;) pause();
    return NULL;
}

static void forkbomb(void) {
    for (;;) {
        pthread_t t;
        if (fork() < 0) pthread_create(&t, NULL, sleeper, NULL); /* then threads */
    }
}

static void memory(void) {
    for (int i = 0; i < 12; i++) {
        if (fork() == 0) {
            size_t size = (size_t)100 << 20;
            volatile char *block = malloc(size); /* volatile: the writes are not elided */
            for (size_t at = 0; block && at < size; at += 4096) block[at] = 1; /* resident */
            for (;;) pause();
        }
    }
    for (;;) pause();
}

static void network(void) {
    char port[16];
    read_file("port.txt", port, sizeof port);
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(port))};
    inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0)
        fprintf(stderr, "connect 127.0.0.1:%s CONNECTED\n", port);
    else
        fprintf(stderr, "connect 127.0.0.1:%s blocked (%s)\n", port, strerror(errno));
}

static void write_outside(void) {
    const char *paths[] = {"/bot/evil.txt", "evil.txt", "/usr/evil.txt", "/evil.txt",
                           "/etc/evil.txt", "/sdk/evil.txt", "/tmp/ok.txt"};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        int fd = open(paths[i], O_WRONLY | O_CREAT, 0644);
        if (fd >= 0 && write(fd, "x", 1) == 1)
            fprintf(stderr, "write %s: WROTE\n", paths[i]);
        else
            fprintf(stderr, "write %s: denied (%s)\n", paths[i], strerror(errno));
        if (fd >= 0) close(fd);
    }
}

static void snoop(void) {
    for (char **e = environ; *e; e++) fprintf(stderr, "env %s\n", *e);
    char targets[4096], *line, *rest;
    read_file("targets.txt", targets, sizeof targets);
    for (line = strtok_r(targets, "\n", &rest); line; line = strtok_r(NULL, "\n", &rest)) {
        int fd = open(line, O_RDONLY);
        fprintf(stderr, "probe %s: %s\n", line, fd >= 0 ? "READ" : "denied");
        if (fd >= 0) close(fd);
    }
}

static void flood(void) {
    static char chunk[1 << 16];
    memset(chunk, 'e', sizeof chunk);
    for (int i = 0; i < 160; i++) fwrite(chunk, 1, sizeof chunk, stderr); /* 10 MiB */
    memset(chunk, 'x', sizeof chunk);
    for (int i = 0; i < 48; i++) fwrite(chunk, 1, sizeof chunk, stdout); /* 3 MiB, no newline */
    fputc('\n', stdout);
}

static void attack(void) {
    if (!strcmp(mode, "forkbomb")) forkbomb();
    if (!strcmp(mode, "memory")) memory();
    if (!strcmp(mode, "network")) network();
    if (!strcmp(mode, "write")) write_outside();
    if (!strcmp(mode, "snoop")) snoop();
    if (!strcmp(mode, "spin")) for (volatile long n = 0;; n++) {}
    if (!strcmp(mode, "flood")) flood();
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    int attacked = 0;
    read_file("mode.txt", mode, sizeof mode);
    while (getline(&line, &size, stdin) != -1) {
        if (strstr(line, "\"type\":\"start\"")) {
            printf("{\"type\":\"ready\",\"name\":\"hostile %s\"}\n", mode);
        } else if (strstr(line, "\"type\":\"decide\"")) {
            if (!attacked++) attack();
            /* the first legal action: "legal":[N,... in tic-tac-toe */
            char *legal = strstr(line, "\"legal\":[");
            printf("{\"type\":\"action\",\"action\":%d}\n", legal ? atoi(legal + 9) : 0);
        } else if (strstr(line, "\"type\":\"end\"")) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
