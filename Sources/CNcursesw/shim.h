/*
 * shim.h: the one C header DashTerminal imports.
 *
 * It turns on ncurses' wide-character API and exposes, as small static inline
 * functions, what Swift cannot import by itself: globals (stdscr, COLS, LINES, ...)
 * that Swift 6 would treat as unsafe mutable state, and function-like or
 * composite macros (KEY_F(n), BUTTONn_*, A_*). Plain integer macros would import
 * on their own, but going through one `wd_` name per fact keeps every constant the
 * Swift side uses visible in this file.
 */
#ifndef WIDGETDASH_CNCURSESW_SHIM_H
#define WIDGETDASH_CNCURSESW_SHIM_H

/* Must precede the include: without them curses.h hides cchar_t, setcchar and wget_wch. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <wchar.h>

#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <ncurses.h>
#endif

/* MARK: - Screen and globals */

/** Starts curses on the process's stdin/stdout (returns NULL instead of exiting, unlike initscr). */
static inline SCREEN *wd_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline WINDOW *wd_stdscr(void) { return stdscr; }
static inline WINDOW *wd_curscr(void) { return curscr; }
static inline int wd_cols(void) { return COLS; }
static inline int wd_lines(void) { return LINES; }
static inline int wd_colors(void) { return COLORS; }
static inline int wd_color_pairs(void) { return COLOR_PAIRS; }
static inline int wd_ok(void) { return OK; }
static inline int wd_err(void) { return ERR; }

/* MARK: - Key codes (values returned by wget_wch together with KEY_CODE_YES) */

static inline int wd_key_code_yes(void) { return KEY_CODE_YES; }
static inline int wd_key_up(void) { return KEY_UP; }
static inline int wd_key_down(void) { return KEY_DOWN; }
static inline int wd_key_left(void) { return KEY_LEFT; }
static inline int wd_key_right(void) { return KEY_RIGHT; }
static inline int wd_key_home(void) { return KEY_HOME; }
static inline int wd_key_end(void) { return KEY_END; }
static inline int wd_key_ppage(void) { return KEY_PPAGE; }
static inline int wd_key_npage(void) { return KEY_NPAGE; }
static inline int wd_key_dc(void) { return KEY_DC; }
static inline int wd_key_backspace(void) { return KEY_BACKSPACE; }
static inline int wd_key_enter(void) { return KEY_ENTER; }
static inline int wd_key_btab(void) { return KEY_BTAB; }
static inline int wd_key_resize(void) { return KEY_RESIZE; }
static inline int wd_key_mouse(void) { return KEY_MOUSE; }
/** KEY_F(n); ncurses reserves 64 function keys. */
static inline int wd_key_f(int n) { return KEY_F(n); }

/* MARK: - Mouse */

static inline mmask_t wd_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t wd_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t wd_button1_clicked(void) { return BUTTON1_CLICKED; }
/** The wheel: xterm reports scrolling as presses of buttons 4 (up) and 5 (down). */
static inline mmask_t wd_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t wd_button5_pressed(void) {
#if NCURSES_MOUSE_VERSION > 1
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}
static inline mmask_t wd_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t wd_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

/* MARK: - Attributes */

static inline attr_t wd_a_normal(void) { return A_NORMAL; }
static inline attr_t wd_a_bold(void) { return A_BOLD; }
static inline attr_t wd_a_dim(void) { return A_DIM; }
static inline attr_t wd_a_underline(void) { return A_UNDERLINE; }
static inline attr_t wd_a_reverse(void) { return A_REVERSE; }
static inline attr_t wd_a_italic(void) {
#ifdef A_ITALIC
    return A_ITALIC;
#else
    return A_NORMAL;
#endif
}

/* MARK: - Writing cells */

/**
 * Writes one grapheme (a NUL-terminated wide string of at most CCHARW_MAX code points:
 * a spacing character plus combining marks) at (y, x) of `win`, with `attrs` and the
 * extended color pair `pair` (ncurses 6: the pair travels through setcchar's `opts`,
 * so it is not limited to a short).
 *
 * Going through cchar_t is what makes ncurses treat a wide glyph as covering two
 * columns. Returns OK or ERR; ERR at the bottom-right corner is expected (the cursor
 * cannot advance past it) and the cell is still written, without scrolling because
 * the window never has scrollok set.
 */
static inline int wd_put_wide(WINDOW *win, int y, int x, const wchar_t *wstr, attr_t attrs, int pair) {
    cchar_t cc;
    wchar_t buf[CCHARW_MAX + 1];
    int n = 0;
    while (n < CCHARW_MAX && wstr[n] != 0) { buf[n] = wstr[n]; n++; }
    buf[n] = 0;
    if (setcchar(&cc, buf, attrs, 0, &pair) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cc);
}

/**
 * Same as wd_put_wide, from UTF-8: decodes with the current locale (setlocale must
 * have run). Handy for tests and tools; the terminal uses the wchar_t form.
 */
static inline int wd_put_utf8(WINDOW *win, int y, int x, const char *utf8, attr_t attrs, int pair) {
    wchar_t buf[CCHARW_MAX + 1];
    mbstate_t st;
    memset(&st, 0, sizeof st);
    const char *src = utf8;
    size_t n = mbsrtowcs(buf, &src, CCHARW_MAX, &st);
    if (n == (size_t)-1) return ERR;
    buf[n < CCHARW_MAX ? n : CCHARW_MAX] = 0;
    return wd_put_wide(win, y, x, buf, attrs, pair);
}

/* MARK: - libc functions Swift's Glibc module hides */

/* Both are declared by glibc only under _GNU_SOURCE/_XOPEN_SOURCE, which Swift's Glibc
 * module is built without; redeclaring the standard prototypes makes them visible. */
extern int wcwidth(wchar_t);
extern int pipe2(int pipefd[2], int flags);
/* The pseudo-terminal calls, hidden the same way: tests build a fake terminal on a pty. */
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);

/** The columns a wide character takes per the C library (what ncurses uses), or -1. */
static inline int wd_wcwidth(wchar_t wc) { return wcwidth(wc); }

/**
 * Creates a pipe whose both ends are non-blocking and close-on-exec, atomically (so a
 * child forked by another thread can never inherit it). Returns 0 or -1 with errno set.
 */
static inline int wd_pipe_nonblock_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_NONBLOCK | O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
#endif
}

/* MARK: - Mouse events */

/**
 * Reads the pending mouse event after wget_wch returned KEY_MOUSE.
 * Returns OK and fills x, y and the button state, or ERR.
 */
static inline int wd_getmouse(int *x, int *y, mmask_t *bstate) {
    MEVENT ev;
    if (getmouse(&ev) != OK) return ERR;
    *x = ev.x;
    *y = ev.y;
    *bstate = ev.bstate;
    return OK;
}

#endif /* WIDGETDASH_CNCURSESW_SHIM_H */
