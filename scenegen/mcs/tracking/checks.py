"""Semantic checks shared by the container-tracking families, from the MCS document alone.

A tracking scene is right when: the ball, let go, falls into exactly one
container; every container gets exactly one lid, attached after the ball is
let go and landing on its container; containers never overlap one another at
rest; everything moves only on steps the performer is made to Pass; and the
container holding the ball ends where the ground truth says.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names
from scenegen.mcs.objects import SOCCER_BALL_RADIUS
from scenegen.mcs.replay import Document, Track, Turntable, motion_end, performer_pose, turntable
from scenegen.mcs.rotation import turned

_INTERIOR = 0.45  # half the interior width of a separate_container, per metre of size
_TOLERANCE = 1e-4


def tracking_problems(document: Document, truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a tracking scene, and its disagreements with ``truth`` when given."""
    objects = document["objects"]
    target_id = document["goal"]["metadata"]["target"]["id"]
    balls = [item for item in objects if item["type"] == "soccer_ball"]
    if len(balls) != 1 or balls[0]["id"] != target_id:
        return [Problem("$.objects", "a tracking scene has exactly one soccer ball, the goal's target")]
    ball = balls[0]
    table = turntable(document)
    containers = {item["id"]: Track(item, table) for item in objects if item["type"] == "separate_container"}
    problems = _overlap_problems(containers, table)
    released = ball.get("togglePhysics", [{"stepBegin": 0}])[0]["stepBegin"]
    holder = _holder(ball, containers, released)
    if holder is None:
        return [*problems, Problem("$.objects", "the ball is not let go over exactly one container")]
    problems += _lid_problems(objects, containers, table, released)
    problems += _motion_problems(document)
    if truth is not None:
        problems += _truth_problems(document, truth, holder)
    return problems


def _holder(ball: Document, containers: Mapping[str, Track], step: int) -> Track | None:
    """The one container whose interior is under the ball at ``step``; None if none or several are."""
    bx, bz = Track(ball, None).at(step)
    below = []
    for track in containers.values():
        x, z = track.at(step)
        room = _INTERIOR * track.item["shows"][0]["scale"]["x"] - SOCCER_BALL_RADIUS + _TOLERANCE
        if abs(bx - x) <= room and abs(bz - z) <= room:
            below.append(track)
    return below[0] if len(below) == 1 else None


def _overlap_problems(containers: Mapping[str, Track], table: Turntable | None) -> list[Problem]:
    """Containers (squares of their size) must be apart at the start and at the end.

    Two containers turned alike (both riding the turntable, or neither) are
    compared exactly in their common frame; otherwise by their circumscribed circles.
    """
    problems = []
    tracks = list(containers.values())
    for when, step in (("start", 0), ("end", None)):
        places = [track.at(step) for track in tracks]
        table_angle = table.angle(step) if table is not None else 0.0
        angles = [table_angle if track.table is not None else 0.0 for track in tracks]
        for i, a in enumerate(tracks):
            for j in range(i + 1, len(tracks)):
                b = tracks[j]
                reach = (a.item["shows"][0]["scale"]["x"] + b.item["shows"][0]["scale"]["x"]) / 2 - _TOLERANCE
                dx, dz = places[j][0] - places[i][0], places[j][1] - places[i][1]
                if angles[i] == angles[j]:
                    across, along = turned(dx, dz, -angles[i])
                    apart = abs(across) >= reach or abs(along) >= reach
                else:
                    apart = math.hypot(dx, dz) >= reach * math.sqrt(2)
                if not apart:
                    problems.append(Problem("$.objects", f"container {a.item['id']} overlaps {b.item['id']} "
                                                         f"at the {when}"))
    return problems


def _lid_problems(objects: Sequence[Document], containers: Mapping[str, Track], table: Turntable | None,
                  released: int) -> list[Problem]:
    lids: dict[str, list[Document]] = {}
    for item in objects:
        if item["type"] == "lid":
            lids.setdefault(item.get("lidAttachment", {}).get("lidAttachmentObjId", ""), []).append(item)
    problems = []
    for key, track in containers.items():
        attached = lids.get(key, [])
        if len(attached) != 1:
            problems.append(Problem("$.objects", f"container {key} has {len(attached)} lids attached, not 1"))
            continue
        lid = attached[0]
        step = lid["lidAttachment"]["stepBegin"]
        if step <= released:
            problems.append(Problem("$.objects", f"lid {lid['id']} attaches at step {step}, before the ball is let go"))
        lx, lz = Track(lid, table).at(step)
        cx, cz = track.at(step)
        if abs(lx - cx) > _TOLERANCE or abs(lz - cz) > _TOLERANCE:
            problems.append(Problem("$.objects", f"lid {lid['id']} does not land on container {key}"))
    stray = set(lids) - set(containers)
    if stray:
        problems.append(Problem("$.objects", f"lids attach to objects that are not containers: {sorted(stray)}"))
    return problems


def _motion_problems(document: Document) -> list[Problem]:
    """Objects move only on steps whose action is a forced Pass (and none after the forced actions end).

    The steps from the first forced non-Pass action to the last count as acting, but a motion may end on the first
    of them: the evaluation's forced walks begin on the step the lid placers finish rising.
    """
    actions = names(document["goal"]["action_list"])
    first = next((i for i, action in enumerate(actions) if action != "Pass"), None)
    if first is not None:
        last = len(actions) - next(i for i, action in enumerate(reversed(actions)) if action != "Pass")
        first += 1  # action_list[i] is the action of step i + 1
    problems = []
    for item in document["objects"]:
        end = motion_end(item)
        if end > len(actions):
            problems.append(Problem("$.goal.action_list", f"{item['id']} still moves at step {end}, "
                                                          "after the performer is free"))
        if first is None or end < first:
            continue
        for key in ("moves", "rotates"):
            problems.extend(Problem("$.goal.action_list", f"{item['id']} moves during steps {first}-{last}, "
                                                          "while the performer acts")
                            for motion in item.get(key, ())
                            if motion["stepBegin"] <= last and motion["stepEnd"] > first)
    return problems


def _truth_problems(document: Document, truth: Mapping[str, Any], holder: Track) -> list[Problem]:
    problems = []
    if truth.get("container_id") != holder.item["id"]:
        problems.append(Problem("$.objects", f"the ball falls into {holder.item['id']}, the manifest says "
                                             f"{truth.get('container_id')}"))
    x, z = holder.at()
    final = truth.get("final_position", {})
    if abs(final.get("x", math.inf) - x) > _TOLERANCE or abs(final.get("z", math.inf) - z) > _TOLERANCE:
        problems.append(Problem("$.objects", f"the ball's container ends at ({x:.4f}, {z:.4f}), the manifest "
                                             f"says {final}"))
    if "performer_final" in truth:
        pose = performer_pose(document)
        told = truth["performer_final"]
        if (abs(told["x"] - pose.x) > _TOLERANCE or abs(told["z"] - pose.z) > _TOLERANCE
                or abs(told["rotation_y"] - pose.rotation_y) > _TOLERANCE):
            problems.append(Problem("$.goal.action_list", f"the performer ends at ({pose.x:.4f}, {pose.z:.4f}, "
                                                          f"{pose.rotation_y}), the manifest says {told}"))
    return problems
