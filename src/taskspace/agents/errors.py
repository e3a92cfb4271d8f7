"""The agents' errors: an agent file that cannot be used, a model answer that is not in the
shape asked for."""

from __future__ import annotations

from taskspace.core.errors import InputError, UserError


class AgentSpecError(InputError):
    """An agent file that cannot be read, or an agent name that has no file."""


class UnknownAgentKindError(UserError):
    """An agent file whose kind has no builder (yet)."""


class AgentAnswerError(UserError):
    """The model did not give an answer in the shape the agent asked for."""


class AgentReplyError(AgentAnswerError):
    """The model's reply is not the JSON object asked for (the sample errors, the run goes on)."""


class KindMismatchError(UserError):
    """Tasks of a kind the chosen agent does not solve (``kinds:`` in its file)."""
