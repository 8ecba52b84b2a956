export { AppModule } from './app.module';
export { configureApp, createApp, fastifyAdapter, nestLogger, type CreatedApp } from './create-app';
