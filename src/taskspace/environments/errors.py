"""The environments' errors: an action or a replayed step that could not be done, a device
that is not there, a recorded step no web metric can score."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class ActionError(UserError):
    """The action could not be done; the message is what the agent is told (or, when the
    session cannot start, why the sample errors)."""


class StepFailure(UserError):
    """A step or criterion did not hold; the message is the reason shown in the report."""


class DeviceUnavailableError(UserError):
    """No adb, no uiautomator2, or no such device attached."""


class NotAWebStepError(InputError, ValueError):
    """A step the Mind2Web metrics cannot score (a navigation, a swipe): it is skipped."""
