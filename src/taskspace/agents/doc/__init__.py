"""Agents for document and question-answering tasks."""

__all__ = ["extractive", "extractive_rules", "graph_react", "multi_agent", "rag"]
