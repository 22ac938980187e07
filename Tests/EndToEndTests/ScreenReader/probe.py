#!/usr/bin/python3
# A screen reader's client on the app, as Orca sees it: pyatspi (the library Orca is
# built on) over the accessibility bus. Run by ScreenReaderTests under its own
# dbus-run-session, Xvfb display and at-spi-bus-launcher. Prints one line per check,
# "ok NAME: detail" or "FAIL NAME: detail", and exits 1 on any failure.
#
#   probe.py desktop   the punch screen, Tab, Manage pressed through Action, the search
#                      field typed into through EditableText, a toast, every screen
#   probe.py kiosk     a kiosk exposes only what a visitor may use
#   probe.py absent    the app registered nothing (no assistive technology asked)
#   probe.py flood     400 presses at once: each one taken lands, the rest are refused;
#                      a million-character text; Rush's clock, counter and way out
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

failures = 0


def say(ok, name, detail=""):
    global failures
    if not ok:
        failures += 1
    print(("ok " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)


def pump(seconds):
    """Runs the client's main loop a while, so events reach the listeners."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.02)


def find_app(timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == "StressPunch":
                return child
        time.sleep(0.2)
    return None


def walk(node, found):
    found.append(node)
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            walk(child, found)


class Node:
    """What one object said when asked (its name and role read once, while it was there)."""
    def __init__(self, accessible):
        self.accessible = accessible
        self.name = accessible.name
        self.role = accessible.getRole()
        self.description = accessible.description

    def getRole(self):
        return self.role

    def __getattr__(self, attribute):
        return getattr(self.accessible, attribute)


def nodes(app):
    """The app's objects now. A screen that changes while it is walked (an object gone
    between two questions) is walked again, as a screen reader would ask again."""
    for _ in range(20):
        try:
            found = []
            walk(app, found)
            return [Node(node) for node in found]
        except GLib.GError:
            time.sleep(0.05)
    return []


BUTTON_ROLES = (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)


def buttons(app):
    return [node.name for node in nodes(app) if node.getRole() in BUTTON_ROLES and node.name]


def first(app, name, roles=None, timeout=5):
    end = time.monotonic() + timeout
    while True:
        for node in nodes(app):
            if node.name == name and (roles is None or node.getRole() in roles):
                return node
        if time.monotonic() > end:
            return None
        time.sleep(0.1)


def press(node):
    action = node.queryAction()
    return action.nActions > 0 and action.doAction(0)


def focused_name(app):
    for node in nodes(app):
        if node.getState().contains(pyatspi.STATE_FOCUSED):
            return node.name
    return None


def wait_for(check, timeout=5):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    return check()


def desktop():
    app = find_app(20)
    say(app is not None, "found", "the app is on the accessibility bus" if app else "no StressPunch on the desktop")
    if app is None:
        return
    frame = app.getChildAtIndex(0)
    say(frame is not None and frame.getRole() == pyatspi.ROLE_FRAME, "frame", frame.name if frame else "none")

    # The punch screen: its buttons by name.
    names = buttons(app)
    say(len(names) >= 10, "punch-screen-buttons", str(len(names)) + ": " + ", ".join(names))
    for wanted in ("Manage", "Stats", "Settings", "More targets", "Rush"):
        say(wanted in names, "button " + wanted)
    stage = [n for n in nodes(app) if n.getRole() == pyatspi.ROLE_IMAGE]
    say(bool(stage) and stage[0].queryAction().getName(0) == "punch", "stage",
        (stage[0].name + " / " + stage[0].description) if stage else "no image")
    manage = first(app, "Manage", BUTTON_ROLES)
    extents = manage.queryComponent().getExtents(pyatspi.DESKTOP_COORDS) if manage else None
    say(extents is not None and extents.width > 0 and extents.height > 0, "extents",
        "%d,%d %dx%d" % (extents.x, extents.y, extents.width, extents.height) if extents else "none")

    # Focus: a Tab typed on the window sends a focus event, and the focused node says so.
    events = []
    def on_focus(event):
        try:
            if event.detail1 == 1:
                events.append(event.source.name)
        except GLib.GError:
            pass  # a node gone by the time its event is read (a screen changed)
    pyatspi.Registry.registerEventListener(on_focus, "object:state-changed:focused")
    pump(0.3)
    subprocess.run(["xdotool", "search", "--name", "StressPunch", "windowfocus", "--sync", "key", "Tab"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=10)
    end = time.monotonic() + 5
    while not events and time.monotonic() < end:
        pump(0.1)
    say(bool(events), "focus-event-on-tab", ", ".join(events) or "no focus event")
    say(focused_name(app) is not None, "focused-after-tab", str(focused_name(app)))

    # Manage, pressed through the Action interface.
    say(manage is not None and press(manage), "press-manage")
    search = first(app, "Search", (pyatspi.ROLE_ENTRY,), timeout=8)
    say(search is not None, "manage-opened", "its search field is there" if search else "no search field")
    if search is None:
        return
    names = buttons(app)
    say("Add" in " ".join(names) and "Back" in names, "manage-buttons", ", ".join(names[:12]))
    rows = [n for n in nodes(app) if n.getRole() == pyatspi.ROLE_LIST_ITEM]
    say(len(rows) > 0, "manage-rows", ", ".join(r.name for r in rows[:6]))

    # Typing into the search field through EditableText filters the list.
    wanted = rows[-1].name if rows else "Boss"
    search.queryEditableText().setTextContents(wanted)
    typed = wait_for(lambda: search.queryText().getText(0, -1) == wanted and search.queryText().getText(0, -1))
    say(typed == wanted, "typed-through-editable-text", repr(typed))
    def rows_now():
        names = [n.name for n in nodes(app) if n.getRole() == pyatspi.ROLE_LIST_ITEM]
        return names if names and all(wanted in name for name in names) else None
    filtered = wait_for(rows_now)
    say(filtered is not None, "search-filters", ", ".join(filtered or [n.name for n in nodes(app)
                                                                 if n.getRole() == pyatspi.ROLE_LIST_ITEM]))
    search.queryEditableText().setTextContents("")

    # A toast is read out: a fifth favorite is refused with an alert that shows.
    shown = []
    def on_showing(event):
        try:
            role = event.source.getRole()
            if event.detail1 == 1 and role in (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT):
                shown.append(event.source.name)
        except GLib.GError:
            pass
    pyatspi.Registry.registerEventListener(on_showing, "object:state-changed:showing")
    pump(0.5)
    stars = wait_for(lambda: [n for n in nodes(app) if n.getRole() == pyatspi.ROLE_TOGGLE_BUTTON
                              and not n.getState().contains(pyatspi.STATE_CHECKED)])
    say(bool(stars), "unchecked-star")
    if stars:
        press(stars[0])
        end = time.monotonic() + 5
        while not shown and time.monotonic() < end:
            pump(0.1)
        say(bool(shown), "toast-read-out", ", ".join(shown) or "no notification or alert showed")

    # Every screen: Back, then each of the others, each with its buttons by name.
    for screen, landmark in (("Settings", "Sound"), ("Stats", "Back"), ("More targets", "Back")):
        back = first(app, "Back", BUTTON_ROLES, timeout=3)
        if back is not None:
            press(back)
        opener = first(app, screen, BUTTON_ROLES, timeout=5)
        say(opener is not None and press(opener), "open " + screen)
        seen = wait_for(lambda: landmark in [n.name for n in nodes(app)] and buttons(app))
        say(bool(seen), "screen " + screen, ", ".join((seen or [])[:10]))


def kiosk():
    app = find_app(20)
    say(app is not None, "found")
    if app is None:
        return
    names = set(n.name for n in nodes(app))
    for hidden in ("Manage", "Settings", "Stats", "More targets", "Rush", "Versus"):
        say(hidden not in names, "kiosk hides " + hidden)
    say(any(n.getRole() == pyatspi.ROLE_IMAGE for n in nodes(app)), "kiosk stage")
    say(len(buttons(app)) > 0, "kiosk buttons", ", ".join(buttons(app)))


def absent():
    app = find_app(4)
    say(app is None, "absent", "nothing registered" if app is None else "the app registered unasked")


def flood():
    """A client pressing far faster than frames come: every press it is told was taken
    lands (the shell counts the punches saved), the rest are refused, not dropped; a
    million characters set into a field cost no more than a short text; Rush exposes
    its clock, its counter, the target and a way out."""
    app = find_app(20)
    say(app is not None, "found")
    if app is None:
        return
    stage = wait_for(lambda: [n for n in nodes(app) if n.getRole() == pyatspi.ROLE_IMAGE])
    say(bool(stage), "stage")
    if not stage:
        return
    action = stage[0].queryAction()
    accepted = refused = 0
    for _ in range(400):
        if action.doAction(0):
            accepted += 1
        else:
            refused += 1
    # AT-SPI answers DoAction before the app sees it: every one says taken.
    say(accepted == 400, "flood", "accepted %d, refused %d" % (accepted, refused))
    # One press a frame: give them time to land, then the app says how many it could not make.
    told = wait_for(lambda: [n.name for n in nodes(app) if "not made" in (n.name or "")], timeout=15)
    say(bool(told), "flood-refusal-said", (told or ["nothing said"])[0])
    numbers = [int(word) for word in (told or [""])[0].split() if word.isdigit()]
    print("flood-refused %d" % (numbers[0] if numbers else -1), flush=True)

    manage = first(app, "Manage", BUTTON_ROLES)
    say(manage is not None and press(manage), "press-manage")
    search = wait_for(lambda: [n for n in nodes(app) if n.getRole() == pyatspi.ROLE_ENTRY])
    say(bool(search), "search-field")
    if search:
        editable = search[0].queryEditableText()
        start = time.monotonic()
        for _ in range(10):
            editable.setTextContents("x" * 1000000)
        kept = wait_for(lambda: len(search[0].queryText().getText(0, -1)) or None)
        seconds = time.monotonic() - start
        say(kept is not None and kept <= 1000 and seconds < 3, "huge-text", "%s characters kept, %.2f s for ten" % (kept, seconds))
        editable.setTextContents("")
    back = first(app, "Back", BUTTON_ROLES)
    say(back is not None and press(back), "back")

    rush = first(app, "Rush", BUTTON_ROLES, timeout=5)
    say(rush is not None and press(rush), "press-rush")
    exposed = wait_for(lambda: "End the rush" in buttons(app) and any(n.getRole() == pyatspi.ROLE_IMAGE for n in nodes(app)), timeout=8)
    labels = [n.name for n in nodes(app) if n.getRole() == pyatspi.ROLE_LABEL]
    say(bool(exposed) and any(":" in name for name in labels), "rush-exposed", ", ".join(labels[:8]))
    end = first(app, "End the rush", BUTTON_ROLES)
    say(end is not None and press(end), "end-rush")
    say(bool(wait_for(lambda: "Manage" in buttons(app))), "rush-left")


{"desktop": desktop, "kiosk": kiosk, "absent": absent, "flood": flood}[sys.argv[1]]()
sys.exit(1 if failures else 0)
