/* Starter bot in C for every game: plays a random legal action, or the default
 * where the game lists none. One self-contained file: the protocol (JSON lines on
 * stdin and stdout, docs/protocol.md) and a tiny JSON reader that finds a key of
 * a message and the elements of a list, as raw JSON text that is sent back as is.
 *
 * Build it (a static executable needs nothing of the sandbox; a dynamic one may
 * link libc's libraries only):
 *
 *     gcc -O2 -static -o bot starter.c
 *
 * and run it locally against a built-in bot:
 *
 *     scrimmage play tic_tac_toe ./bot greedy
 *
 * Improve me: parse request "view" (its shape is in the game's RULES.md) and
 * choose better than at random. stderr is yours: what you print there is shown
 * to you (the bot's owner) after each match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- a tiny JSON reader: enough to walk the protocol's messages ---- */

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* The end of the JSON value starting at p (NULL if it is malformed). */
static const char *skip_value(const char *p) {
    p = skip_space(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1]) p++;
        return *p == '"' ? p + 1 : NULL;
    }
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        p = skip_space(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (close == '}') { /* a key, then a colon */
                p = skip_value(p);
                if (!p) return NULL;
                p = skip_space(p);
                if (*p++ != ':') return NULL;
            }
            p = skip_value(p);
            if (!p) return NULL;
            p = skip_space(p);
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
        }
    }
    while (*p && !strchr(",]} \t\r\n", *p)) p++; /* a number, true, false, null */
    return p;
}

/* The value of "key" in the object at p (a pointer into the text), or NULL. */
static const char *find_key(const char *p, const char *key) {
    size_t len = strlen(key);
    p = skip_space(p);
    if (*p != '{') return NULL;
    p = skip_space(p + 1);
    while (*p == '"') {
        const char *name = p + 1, *end = skip_value(p);
        if (!end) return NULL;
        p = skip_space(end);
        if (*p++ != ':') return NULL;
        p = skip_space(p);
        if ((size_t)(end - 1 - name) == len && strncmp(name, key, len) == 0) return p;
        p = skip_value(p);
        if (!p) return NULL;
        p = skip_space(p);
        if (*p == ',') p = skip_space(p + 1);
    }
    return NULL;
}

/* Up to max elements of the list at p: their starts and ends. Returns how many. */
static int list_items(const char *p, const char **starts, const char **ends, int max) {
    int n = 0;
    p = skip_space(p);
    if (*p != '[') return 0;
    p = skip_space(p + 1);
    while (*p && *p != ']' && n < max) {
        const char *end = skip_value(p);
        if (!end) return n;
        starts[n] = p;
        ends[n++] = end;
        p = skip_space(end);
        if (*p == ',') p = skip_space(p + 1);
    }
    return n;
}

static int is_type(const char *message, const char *type) {
    const char *value = find_key(message, "type");
    size_t len = strlen(type);
    return value && *value == '"' && strncmp(value + 1, type, len) == 0 && value[len + 1] == '"';
}

/* ---- the protocol ---- */

#define MAX_LEGAL 100000
static const char *starts[MAX_LEGAL], *ends[MAX_LEGAL];

static void answer(const char *request) {
    const char *id = find_key(request, "id");
    const char *legal = find_key(request, "legal");
    const char *start = find_key(request, "default"), *end;
    int n = legal ? list_items(legal, starts, ends, MAX_LEGAL) : 0;
    if (n > 0) {
        int i = rand() % n;
        start = starts[i];
        end = ends[i];
    } else {
        end = start ? skip_value(start) : NULL;
    }
    if (!id || !start || !end) {
        fprintf(stderr, "starter: a request I cannot read\n");
        printf("{\"type\":\"error\",\"message\":\"unreadable request\"}\n");
    } else {
        printf("{\"type\":\"action\",\"id\":%ld,\"action\":%.*s}\n", strtol(id, NULL, 10),
               (int)(end - start), start);
    }
    fflush(stdout);
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    srand((unsigned)time(NULL));
    while (getline(&line, &size, stdin) != -1) {
        if (is_type(line, "start")) {
            printf("{\"type\":\"ready\",\"protocol\":1,\"name\":\"C starter\"}\n");
            fflush(stdout);
        } else if (is_type(line, "decide")) {
            answer(line);
        } else if (is_type(line, "end")) {
            break;
        }
    }
    free(line);
    return 0;
}
