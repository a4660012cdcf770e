"""The #41 prototype's page: the same view as ver.2.0, which reads the variant from the game."""

from .not_my_fault import NotMyFaultBoard, View

__all__ = ["NotMyFaultBoard", "View"]
