"""Stage 6, write: documents to bytes (PDF, SVG, PNG), and bytes to disk atomically."""
