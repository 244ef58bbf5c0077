"""Occluded Trajectory and Collisions (interactive): the Occluded Trajectory and Collision families."""

from scenegen.families.occluded_trajectory.family import Collision, OccludedTrajectory

__all__ = ["Collision", "OccludedTrajectory"]
