"""The bundled demo workspace (a small `inference` knowledge base) and its answer key."""
