"""The reports: findings as text, JSON, GitHub annotations, SARIF and JUnit, and the reports of
diff, explain and adopt. Above the I/O layer, which never imports a report or a mode."""
