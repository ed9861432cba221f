"""Study models: the learner's choices and the engine's answers behind the notebook widgets."""
