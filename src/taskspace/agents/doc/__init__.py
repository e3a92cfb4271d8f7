"""Agents for document and question-answering tasks."""
